import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { FORUM_LEARNER_PATHS, type ForumReply, type ForumTopic, type ForumTopicItem } from '@lp/shared/contract';

export const FORUM_PAGE_SIZE = 10;

export interface ForumTopicPage { count: number; results: ForumTopicItem[] }
export interface ForumReplyPage { count: number; results: ForumReply[] }

/** GET /api/group_trainings/{id}/forum/topics/ — published and closed topics, latest activity first. */
export function useForumTopics(trainingId: number) {
  return useSWRInfinite<ForumTopicPage>(
    (index, previous: ForumTopicPage | null) => (previous && index * FORUM_PAGE_SIZE >= previous.count
      ? null
      : `${FORUM_LEARNER_PATHS.topics(trainingId)}?page=${index + 1}&page_size=${FORUM_PAGE_SIZE}&ordering=-updated_date`),
    { revalidateFirstPage: false },
  );
}

/** GET /api/group_trainings/{id}/forum/topics/{topic}/ — one topic with its text. */
export function useForumTopic(trainingId: number, topicId: number | null) {
  return useSWR<ForumTopic>(topicId === null ? null : FORUM_LEARNER_PATHS.topic(trainingId, topicId));
}

/** GET /api/group_trainings/{id}/forum/topics/{topic}/answers/ — published replies, oldest first. */
export function useForumReplies(trainingId: number, topicId: number | null) {
  return useSWRInfinite<ForumReplyPage>(
    (index, previous: ForumReplyPage | null) => {
      if (topicId === null || (previous && index * FORUM_PAGE_SIZE >= previous.count)) return null;
      return `${FORUM_LEARNER_PATHS.replies(trainingId, topicId)}?page=${index + 1}&page_size=${FORUM_PAGE_SIZE}`;
    },
    { revalidateFirstPage: false },
  );
}
