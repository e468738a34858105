import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.10 forum topic, §4.11 forum, §7.1 "Forum" (the training's discussions). The list is
 * the contract's `GET P/group_training_forum/list_all_topic/`; topic detail, replies and
 * moderation are "not shown" there and are designed here in the same style (docs/api.md,
 * "Training forum"). The learner side uses the same shapes under `/group_trainings/{id}/forum/`.
 */
const ADMIN = (trainingId: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_forum/`;
const LEARNER = (trainingId: number | string) => `/group_trainings/${trainingId}/forum/topics/`;
type Id = number | string;

/** Moderation (title slug `trainings` to read, `trainings_manage` to act). */
export const FORUM_ADMIN_PATHS = {
  /** GET ?list query → {count, results[]} or a bare array + Content-Range */
  topics: (trainingId: Id) => `${ADMIN(trainingId)}list_all_topic/`,
  /** GET → ForumTopic */
  topic: (trainingId: Id, topicId: Id) => `${ADMIN(trainingId)}${topicId}/`,
  /** POST form {status: 1|2|3|4} → ForumTopic */
  topicStatus: (trainingId: Id, topicId: Id) => `${ADMIN(trainingId)}${topicId}/change_status/`,
  /** POST empty form → ForumTopic */
  topicReport: (trainingId: Id, topicId: Id) => `${ADMIN(trainingId)}${topicId}/report/`,
  topicUnreport: (trainingId: Id, topicId: Id) => `${ADMIN(trainingId)}${topicId}/unreport/`,
  /** GET ?list query (default ordering created_in) → replies of every status */
  replies: (trainingId: Id, topicId: Id) => `${ADMIN(trainingId)}${topicId}/answers/`,
  /** POST form {status: 1|2|3} → ForumReply */
  replyStatus: (trainingId: Id, topicId: Id, replyId: Id) => `${ADMIN(trainingId)}${topicId}/answers/${replyId}/change_status/`,
  replyReport: (trainingId: Id, topicId: Id, replyId: Id) => `${ADMIN(trainingId)}${topicId}/answers/${replyId}/report/`,
  replyUnreport: (trainingId: Id, topicId: Id, replyId: Id) => `${ADMIN(trainingId)}${topicId}/answers/${replyId}/unreport/`,
} as const;

/** Learners of the training's audience (published and closed topics, published replies). */
export const FORUM_LEARNER_PATHS = {
  /** GET ?list query; POST JSON ForumTopicInput → 201 ForumTopic */
  topics: (trainingId: Id) => LEARNER(trainingId),
  /** GET; PUT JSON ForumTopicInput (author); DELETE (author: status 3) */
  topic: (trainingId: Id, topicId: Id) => `${LEARNER(trainingId)}${topicId}/`,
  /** POST → ForumTopic (liked, likes) */
  topicLike: (trainingId: Id, topicId: Id) => `${LEARNER(trainingId)}${topicId}/like/`,
  topicUnlike: (trainingId: Id, topicId: Id) => `${LEARNER(trainingId)}${topicId}/unlike/`,
  /** POST → ForumTopic (report true); the training's owners are notified */
  topicReport: (trainingId: Id, topicId: Id) => `${LEARNER(trainingId)}${topicId}/report/`,
  /** GET ?list query; POST JSON ForumReplyInput → 201 ForumReply (409 topic_closed) */
  replies: (trainingId: Id, topicId: Id) => `${LEARNER(trainingId)}${topicId}/answers/`,
  /** PUT JSON ForumReplyInput (author); DELETE (author: status 3) */
  reply: (trainingId: Id, topicId: Id, replyId: Id) => `${LEARNER(trainingId)}${topicId}/answers/${replyId}/`,
  replyLike: (trainingId: Id, topicId: Id, replyId: Id) => `${LEARNER(trainingId)}${topicId}/answers/${replyId}/like/`,
  replyUnlike: (trainingId: Id, topicId: Id, replyId: Id) => `${LEARNER(trainingId)}${topicId}/answers/${replyId}/unlike/`,
  replyReport: (trainingId: Id, topicId: Id, replyId: Id) => `${LEARNER(trainingId)}${topicId}/answers/${replyId}/report/`,
} as const;

/** spec 2 §7.1 author{name, id, author_image}; no profile picture is stored yet, so author_image is null. */
export const ForumAuthor = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  author_image: Type.Union([Type.String(), Type.Null()]),
});
export type ForumAuthor = Static<typeof ForumAuthor>;

/** One row of list_all_topic (spec 2 §7.1). `liked` is the caller's own like. */
export const ForumTopicItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** spec 2 §4.1: 1 published, 2 unpublished, 3 deleted, 4 closed */
  status: Type.Integer(),
  report: Type.Boolean(),
  liked: Type.Boolean(),
  likes: Type.Integer(),
  /** published replies */
  qty_answers: Type.Integer(),
  /** ISO date-time of the last activity: creation, an edit by the author or a new reply */
  updated_date: Type.String(),
  author: ForumAuthor,
});
export type ForumTopicItem = Static<typeof ForumTopicItem>;

/** A topic with its body (the topic dialog, the learner's topic page). */
export const ForumTopic = Type.Composite([ForumTopicItem, Type.Object({
  /** plain text */
  text: Type.String(),
  created_in: Type.String(),
})]);
export type ForumTopic = Static<typeof ForumTopic>;

export const ForumReply = Type.Object({
  id: Type.Integer(),
  topic_id: Type.Integer(),
  /** plain text */
  text: Type.String(),
  /** 1 published, 2 unpublished, 3 deleted */
  status: Type.Integer(),
  report: Type.Boolean(),
  liked: Type.Boolean(),
  likes: Type.Integer(),
  created_in: Type.String(),
  updated_date: Type.String(),
  author: ForumAuthor,
});
export type ForumReply = Static<typeof ForumReply>;

/** The list query plus DRF-style filters (the simple envelope filters through `filter`). */
export const ForumTopicListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  report: Type.Optional(Type.Boolean()),
})]);
export type ForumTopicListQuery = Static<typeof ForumTopicListQuery>;

/** POST …/change_status/ form (a topic takes 1–4). */
export const ForumTopicStatusForm = Type.Object({ status: Type.Integer({ minimum: 1, maximum: 4 }) });
export type ForumTopicStatusForm = Static<typeof ForumTopicStatusForm>;

/** POST …/answers/{id}/change_status/ form (a reply takes 1–3). */
export const ForumReplyStatusForm = Type.Object({ status: Type.Integer({ minimum: 1, maximum: 3 }) });
export type ForumReplyStatusForm = Static<typeof ForumReplyStatusForm>;

/**
 * Learner writes (JSON). Bounds here only stop abuse; the rules of shared/src/forum.ts answer
 * with the field's key (`title_too_long`, `forum_text_too_long`, required).
 */
export const ForumTopicInput = Type.Object({
  title: Type.String({ maxLength: 5_000 }),
  text: Type.Optional(Type.String({ maxLength: 100_000 })),
});
export type ForumTopicInput = Static<typeof ForumTopicInput>;

export const ForumReplyInput = Type.Object({ text: Type.String({ maxLength: 100_000 }) });
export type ForumReplyInput = Static<typeof ForumReplyInput>;
