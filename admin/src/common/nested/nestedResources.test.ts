import { describe, expect, it } from 'vitest';
import {
  BADGE_PATHS, COMMENT_ORIGINS, FORUM_ADMIN_PATHS, GROUP_TRAINING_TESTS, LIVE_CLASS_EVALUATION_PATHS, LIVE_CLASS_PATHS, LIVE_CLASS_TESTS,
  MESSAGE_PATHS, TRAINING_EVALUATION_PATHS, WEBCAST_EVALUATION_PATHS, WEBCAST_TESTS, commentsListPath, groupMembersPath, importLogsPath, userConsentsPath,
} from '@lp/shared/contract';
import { NESTED_RESOURCES, commentsResource, nestedResource, resolveNested } from './nestedResources.ts';

/** The contract path a resource name resolves to, or null. */
const pathOf = (resource: string) => {
  const nested = resolveNested(resource);
  return nested ? nested.def.path(...nested.parentIds) : null;
};

describe('nested resource names', () => {
  it('builds one and two levels deep', () => {
    expect(nestedResource('badges', 3, 'awards')).toBe('badges/3/awards');
    expect(nestedResource('trainings', 7, 'tests', 31, 'questions')).toBe('trainings/7/tests/31/questions');
  });

  it('parses {parent}/{id}/{child} to its declaration and parent id', () => {
    expect(resolveNested('badges/3/awards')).toEqual({ def: NESTED_RESOURCES['badges/awards'], parentIds: ['3'] });
    expect(pathOf('badges/3/awards')).toBe(BADGE_PATHS.awards('3'));
  });

  it('parses {parent}/{id}/{child}/{childId}/{grandchild} to its declaration and both ids, outermost first', () => {
    expect(resolveNested('trainings/7/tests/31/questions')).toEqual({ def: NESTED_RESOURCES['trainings/tests/questions'], parentIds: ['7', '31'] });
    expect(pathOf(nestedResource('trainings', 7, 'tests', 31, 'questions'))).toBe(GROUP_TRAINING_TESTS.questions(7, 31));
    expect(pathOf(nestedResource('webcasts', 4, 'tests', 9, 'questions'))).toBe(WEBCAST_TESTS.questions(4, 9));
    expect(pathOf(nestedResource('trainings', 7, 'evaluations', 41, 'questions'))).toBe(TRAINING_EVALUATION_PATHS.questions(7, 41));
    expect(pathOf(nestedResource('webcasts', 4, 'evaluations', 42, 'questions'))).toBe(WEBCAST_EVALUATION_PATHS.questions(4, 42));
  });

  it('maps the lists that had other names to the same contract paths', () => {
    expect(pathOf('users-groups/3/members')).toBe(groupMembersPath(3));
    expect(pathOf('admin-imports/7/logs')).toBe(importLogsPath(7));
    expect(pathOf('users/7/consents')).toBe(userConsentsPath(7));
    expect(pathOf('messages/4/recipients')).toBe(MESSAGE_PATHS.recipients(4));
    expect(pathOf('trainings/42/forum_topics')).toBe(FORUM_ADMIN_PATHS.topics(42));
    expect(pathOf(nestedResource('trainings', 42, 'forum_topics', 1, 'replies'))).toBe(FORUM_ADMIN_PATHS.replies(42, 1));
  });

  it('a one-level name keeps its one-level declaration when a deeper one shares its parent', () => {
    expect(resolveNested('trainings/7/tests')?.def).toBe(NESTED_RESOURCES['trainings/tests']);
    expect(resolveNested('trainings/7/tests')?.parentIds).toEqual(['7']);
  });

  it('names the comments of every origin under its editor resource, at the contract list path', () => {
    expect(commentsResource('training', 42)).toBe('trainings/42/comments');
    expect(commentsResource('trails', 42)).toBe('trails/42/user_stars');
    // the live class editor's resource (spec 1 §2.3 /admin/live_classes)
    expect(commentsResource('live_class', 42)).toBe('live_classes/42/comments');
    for (const origin of COMMENT_ORIGINS) {
      expect(resolveNested(commentsResource(origin, 42))?.def.list).toBe('array');
      expect(pathOf(commentsResource(origin, 42))).toBe(commentsListPath(origin, 42));
    }
  });

  it('maps the live class editor\'s lists to the live class paths', () => {
    expect(pathOf(nestedResource('live_classes', 9, 'subscribers'))).toBe(LIVE_CLASS_PATHS.subscribers(9));
    expect(pathOf(nestedResource('live_classes', 9, 'invitees'))).toBe(LIVE_CLASS_PATHS.invitees(9));
    expect(pathOf(nestedResource('live_classes', 9, 'tests', 3, 'questions'))).toBe(LIVE_CLASS_TESTS.questions(9, 3));
    expect(pathOf(nestedResource('live_classes', 9, 'evaluations'))).toBe(LIVE_CLASS_EVALUATION_PATHS.collection(9));
  });

  it('is null for top-level resources, contract paths, undeclared lists and malformed names', () => {
    for (const name of [
      'trainings',
      '/admin_group_trainings/group_trainings/7/group_training_modules/',
      'trainings/7/unknown',
      'trainings/7/tests/31/unknown',
      'trainings/7/tests/31',
      'trainings//tests',
      'trainings/7/tests/31/questions/5/answers',
    ]) expect(resolveNested(name)).toBeNull();
  });
});
