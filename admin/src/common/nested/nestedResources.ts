import type { Identifier, RaRecord } from 'react-admin';
import {
  ADMIN_RESOURCES, BADGE_PATHS, COMMENT_ORIGINS, COMMENT_ORIGIN_PATHS, FORUM_ADMIN_PATHS, GAME_PATHS, GROUP_TRAINING_TESTS, LIVE_CLASS_EVALUATION_PATHS,
  LIVE_CLASS_PATHS, LIVE_CLASS_TESTS, MATERIAL_PATHS, PRESENTIAL_TEST_TEMPLATE_PATHS, SURVEY_PATHS, DRILL_PATHS, GENERAL_TEST_PATHS, MESSAGE_PATHS, MODULE_PATHS, TRAINING_EVALUATION_PATHS, WEBCAST_EVALUATION_PATHS, WEBCAST_MATERIAL_PATHS, WEBCAST_PATHS, WEBCAST_TESTS,
  PRESENTIAL_EVENT_EVALUATION_PATHS, PRESENTIAL_PATHS, REWARD_PATHS, commentsListPath, groupMembersPath, importLogsPath, userConsentsPath, type BadgeAward, type CommentOrigin,
} from '@lp/shared/contract';

/**
 * A nested list of an editor's tab as a react-admin resource named `{parent}/{parentId}/{child}`
 * (e.g. `badges/3/awards`), or two levels deep `{parent}/{parentId}/{child}/{childId}/{grandchild}`
 * (the questions of one test of a training: `trainings/7/tests/31/questions`): the data provider
 * maps it to the contract's collection path of that parent (docs/api.md), so tabs use
 * useGetList / useDelete like any list.
 */
export interface NestedResource {
  /** the contract collection path of one parent: its ids from the outermost in */
  path(...parentIds: string[]): string;
  /**
   * how the server answers the list: 'array' (the whole list as a JSON array), 'all-pages'
   * (`?page_size=0` → `{results}`, spec 2 §9: rows per page 0 = all) or 'pages' (one server page:
   * `?page=&page_size=` → `{count, results}`) or 'rest' (react-admin's REST list, `?sort=&range=&filter=`
   * with the total in Content-Range, as the tests tab has always asked)
   */
  list: 'array' | 'all-pages' | 'pages' | 'rest';
  /** the row's id when the contract names it otherwise (react-admin needs `id`) */
  idOf?(row: Record<string, unknown>): Identifier;
}

/**
 * spec 2 §2.7 the comments tab of a content's editor: the comments of each origin are the nested
 * resource `{editor resource}/{id}/comments` (the trails' star ratings, §3.10: `trails/{id}/user_stars`).
 * Presential events have no editor yet; their name is the one that resource will take.
 */
const COMMENTS_PARENT: Readonly<Record<CommentOrigin, string>> = {
  training: ADMIN_RESOURCES.trainings.name,
  trail: ADMIN_RESOURCES.trails.name,
  trails: ADMIN_RESOURCES.trails.name,
  news: ADMIN_RESOURCES.news.name,
  podcast: ADMIN_RESOURCES.podcasts.name,
  presential: 'presential-events',
  webcast: ADMIN_RESOURCES.webcasts.name,
  live_class: ADMIN_RESOURCES.live_classes.name,
};
const commentsChild = (origin: CommentOrigin) => (COMMENT_ORIGIN_PATHS[origin].list === 'comments' ? 'comments' : 'user_stars');

/** The comments of one content as a nested resource: `commentsResource('training', 42)` → `trainings/42/comments`. */
export const commentsResource = (origin: CommentOrigin, id: Identifier): string =>
  nestedResource(COMMENTS_PARENT[origin], id, commentsChild(origin));

/** `{parent resource}/{child}` (or `{parent}/{child}/{grandchild}`) → its nested resource. */
export const NESTED_RESOURCES: Readonly<Record<string, NestedResource>> = {
  // spec 3 §2 badge awards: the holders of a badge; a manual award is taken back by its user id
  [`${ADMIN_RESOURCES.badges.name}/awards`]: {
    path: BADGE_PATHS.awards,
    list: 'array',
    idOf: (row) => (row as unknown as BadgeAward).user.id,
  },
  // spec 2 §2.5 subscribers tab: the guests of a webcast, a server page at a time
  [`${ADMIN_RESOURCES.webcasts.name}/guests`]: { path: WEBCAST_PATHS.guests, list: 'pages' },
  // spec 2 §7.1 / §7.3 support materials of a training or webcast (spec 2 §9: rows per page 0 = all)
  [`${ADMIN_RESOURCES.trainings.name}/materials`]: { path: MATERIAL_PATHS.collection, list: 'all-pages' },
  [`${ADMIN_RESOURCES.webcasts.name}/materials`]: { path: WEBCAST_MATERIAL_PATHS.collection, list: 'all-pages' },
  // spec 2 §7.1 / §7.3 reaction evaluations of a training or webcast
  [`${ADMIN_RESOURCES.trainings.name}/evaluations`]: { path: TRAINING_EVALUATION_PATHS.collection, list: 'all-pages' },
  [`${ADMIN_RESOURCES.webcasts.name}/evaluations`]: { path: WEBCAST_EVALUATION_PATHS.collection, list: 'all-pages' },
  // spec 3 §2 "Live classes" admin editor: the subscribers of an open class and the invitees of a
  // closed one, server-paged, searched and sorted (react-admin's REST list)
  [`${ADMIN_RESOURCES.live_classes.name}/subscribers`]: { path: LIVE_CLASS_PATHS.subscribers, list: 'rest' },
  // spec 3 §2 the appointment screen's Events, Subscribers and Inputs tabs (parent name without a slash: resolveNested splits on it)
  'presential-appointments/events': { path: PRESENTIAL_PATHS.events, list: 'array' },
  // spec 3 §2 "users on campaign": the people of a reward campaign, with their balances (parent name without a slash)
  'reward-campaigns/users': { path: REWARD_PATHS.people, list: 'rest' },
  'presential-appointments/subscribers': { path: PRESENTIAL_PATHS.subscribers, list: 'rest' },
  'presential-appointments/inputs': { path: PRESENTIAL_PATHS.inputs, list: 'array', idOf: (row) => row.material_id as number },
  // spec 3 §2 the Reaction evaluations tab: an event's evaluations and their questions (the owned-content core's)
  'presential-events/evaluations': { path: PRESENTIAL_EVENT_EVALUATION_PATHS.collection, list: 'all-pages' },
  'presential-events/evaluations/questions': {
    path: (eventId, evaluationId) => PRESENTIAL_EVENT_EVALUATION_PATHS.questions(eventId, evaluationId),
    list: 'all-pages',
  },
  [`${ADMIN_RESOURCES.live_classes.name}/invitees`]: { path: LIVE_CLASS_PATHS.invitees, list: 'rest' },
  // spec 3 §2 reaction tests of a live class (the owned-content core's, as a webcast's)
  [`${ADMIN_RESOURCES.live_classes.name}/evaluations`]: { path: LIVE_CLASS_EVALUATION_PATHS.collection, list: 'all-pages' },
  [`${ADMIN_RESOURCES.live_classes.name}/evaluations/questions`]: {
    path: (liveClassId, evaluationId) => LIVE_CLASS_EVALUATION_PATHS.questions(liveClassId, evaluationId),
    list: 'all-pages',
  },
  [`${ADMIN_RESOURCES.live_classes.name}/tests`]: { path: LIVE_CLASS_TESTS.tests, list: 'rest' },
  [`${ADMIN_RESOURCES.live_classes.name}/tests/questions`]: {
    path: (liveClassId, testId) => LIVE_CLASS_TESTS.questions(liveClassId, testId),
    list: 'all-pages',
  },
  // spec 2 §2.3 modules tab of a training
  [`${ADMIN_RESOURCES.trainings.name}/modules`]: { path: MODULE_PATHS.collection, list: 'all-pages' },
  // spec 2 §2.3 games tab (a table of every game, no paging) and the game editor's record (spec 3 §2)
  [`${ADMIN_RESOURCES.trainings.name}/games`]: { path: GAME_PATHS.collection, list: 'all-pages' },
  // spec 2 §2.3 tests tab of a training or webcast: a server-paged table
  [`${ADMIN_RESOURCES.trainings.name}/tests`]: { path: GROUP_TRAINING_TESTS.tests, list: 'rest' },
  [`${ADMIN_RESOURCES.webcasts.name}/tests`]: { path: WEBCAST_TESTS.tests, list: 'rest' },
  // spec 2 §2.3 the questions table of a test's editor (spec 2 §9: rows per page 0 = all)
  [`${ADMIN_RESOURCES.trainings.name}/tests/questions`]: {
    path: (trainingId, testId) => GROUP_TRAINING_TESTS.questions(trainingId, testId),
    list: 'all-pages',
  },
  [`${ADMIN_RESOURCES.webcasts.name}/tests/questions`]: {
    path: (webcastId, testId) => WEBCAST_TESTS.questions(webcastId, testId),
    list: 'all-pages',
  },
  // spec 2 §2.3 the questions table of a reaction evaluation's editor
  [`${ADMIN_RESOURCES.trainings.name}/evaluations/questions`]: {
    path: (trainingId, evaluationId) => TRAINING_EVALUATION_PATHS.questions(trainingId, evaluationId),
    list: 'all-pages',
  },
  [`${ADMIN_RESOURCES.webcasts.name}/evaluations/questions`]: {
    path: (webcastId, evaluationId) => WEBCAST_EVALUATION_PATHS.questions(webcastId, evaluationId),
    list: 'all-pages',
  },
  // spec 1 §2.3 the members tab of a user group: a server-paged, searched and sorted <List>
  [`${ADMIN_RESOURCES.user_groups.name}/members`]: { path: groupMembersPath, list: 'rest' },
  // spec 1 §3.7 the log entries of one import, paged and filtered by the server
  [`${ADMIN_RESOURCES.imports.name}/logs`]: { path: importLogsPath, list: 'rest' },
  // spec 3 §3 the recipients of a message, with their read and e-mail status (a server-paged <List>)
  [`${ADMIN_RESOURCES.messages.name}/recipients`]: { path: MESSAGE_PATHS.recipients, list: 'rest' },
  // spec 2 §2.3 discussions tab: the forum topics of a training, and the replies of one topic
  [`${ADMIN_RESOURCES.trainings.name}/forum_topics`]: { path: FORUM_ADMIN_PATHS.topics, list: 'rest' },
  [`${ADMIN_RESOURCES.trainings.name}/forum_topics/replies`]: {
    path: (trainingId, topicId) => FORUM_ADMIN_PATHS.replies(trainingId, topicId),
    list: 'rest',
  },
  // spec 3 §3 a survey's questions (the whole list as an array)
  [`${ADMIN_RESOURCES.surveys.name}/questions`]: { path: SURVEY_PATHS.questions, list: 'array' },
  // spec 3 §3 the questions of a drill and of a general test, and their results (spec 3 §2 "with results")
  [`${ADMIN_RESOURCES.drills.name}/questions`]: { path: DRILL_PATHS.questions, list: 'array' },
  [`${ADMIN_RESOURCES.drills.name}/results`]: { path: DRILL_PATHS.results, list: 'array', idOf: (row) => row.user_id as number },
  [`${ADMIN_RESOURCES.general_tests.name}/questions`]: { path: GENERAL_TEST_PATHS.questions, list: 'array' },
  [`${ADMIN_RESOURCES.general_tests.name}/results`]: { path: GENERAL_TEST_PATHS.results, list: 'array' },
  // the parent without the slash of its route name (nested names split on it)
  'presential-test-templates/questions': { path: PRESENTIAL_TEST_TEMPLATE_PATHS.questions, list: 'array' },
  // spec 1 §2.3 consent viewing: a user's accepted and declined legal texts, newest first
  [`${ADMIN_RESOURCES.users.name}/consents`]: { path: userConsentsPath, list: 'array' },
  // spec 2 §7.4 comments list: a bare array (rows per page 0 = all)
  ...Object.fromEntries(COMMENT_ORIGINS.map((origin): [string, NestedResource] => [
    `${COMMENTS_PARENT[origin]}/${commentsChild(origin)}`,
    { path: (id) => commentsListPath(origin, id), list: 'array' },
  ])),
};

/**
 * The resource name of a parent's nested list: `nestedResource('badges', 3, 'awards')` →
 * `badges/3/awards`; a list of a nested row names that row too:
 * `nestedResource('trainings', 7, 'tests', 31, 'questions')` → `trainings/7/tests/31/questions`.
 */
export function nestedResource(
  parent: string, parentId: Identifier, child: string,
  ...deeper: [] | [childId: Identifier, grandchild: string]
): string {
  return [parent, parentId, child, ...deeper].join('/');
}

/**
 * The nested resource and parent ids (outermost first) a resource name stands for, or null for a
 * top-level resource or a contract path used as a name (`/admin_…/`). Names alternate with ids:
 * `{parent}/{id}/{child}` or `{parent}/{id}/{child}/{childId}/{grandchild}`.
 */
export function resolveNested(resource: string): { def: NestedResource; parentIds: string[] } | null {
  const segments = resource.split('/');
  if ((segments.length !== 3 && segments.length !== 5) || segments.includes('')) return null;
  const names = segments.filter((_, i) => i % 2 === 0);
  const parentIds = segments.filter((_, i) => i % 2 === 1);
  const def = NESTED_RESOURCES[names.join('/')];
  return def ? { def, parentIds } : null;
}

/** A nested list's rows with react-admin's `id`. */
export function withIds<R extends RaRecord>(def: NestedResource, rows: Record<string, unknown>[]): R[] {
  return rows.map((row) => (def.idOf ? { ...row, id: def.idOf(row) } : row) as R);
}
