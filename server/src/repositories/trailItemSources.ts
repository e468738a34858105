/**
 * Where each kind of trail module lives (spec 2 §2.4) and what it records of a learner — one entry
 * per kind of TRAIL_ITEM_KINDS (shared/src/trails.ts, which states the "done" rule of each).
 * Every read is scoped to the selected client (the content) or to the given contents (the
 * learners' facts). A kind that joins TRAIL_ITEM_KINDS adds its entry here and nowhere else.
 */
import { sql, type SqlBool } from 'kysely';
import { CONTENT_STATUS, type ContentStatus } from '@lp/shared/contract';
import {
  LIBRARY_FILE_STATUS, LIVE_CLASS_STATUS, NEWS_STATUS, PODCAST_STATUS, toApiDate, type TrailItemKind,
} from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { LEARNER_LIVE_CLASS_STATUSES } from './liveClasses/learner.ts';
import { LEARNER_WEBCAST_STATUSES } from './learner/webcasts.ts';

/** A module's content as the trail editor sees it: its title, and its status in trail terms. */
export interface ItemContent { title: string; status: ContentStatus }
/** A module a learner meets: its title and the hours it is worth on the trail's certificate. */
export interface LiveItem { title: string; workload: number }
/** What the learner's own module recorded: something (an entry), and whether it counts as done. */
export interface ItemProgress { done: boolean; percent: number }

export interface TrailItemSource {
  /** the client's rows behind `ids` that are not deleted */
  contents(db: Db, clientId: number, ids: number[]): Promise<Map<number, ItemContent>>;
  /** the client's content an admin may add, whose title holds `pattern` (a lower-case LIKE pattern) */
  search(db: Db, clientId: number, pattern: string, limit: number): Promise<Array<{ id: number; title: string }>>;
  /**
   * The rows behind `ids` a learner can take now, by the module's own publication rules (not its
   * audience: a published trail opens its modules to the trail's audience, spec 2 §2.1). Only
   * these count towards the trail.
   */
  live(db: Db, clientId: number, ids: number[], now: Date): Promise<Map<number, LiveItem>>;
  /** what the module recorded of the user for each of `ids` that has a record */
  progress(db: Db, userId: number, ids: number[]): Promise<Map<number, ItemProgress>>;
  /** the users with a record (a `progress` entry) in any of `ids`: whom a certificate synchronisation judges */
  learners(db: Db, ids: number[]): Promise<number[]>;
}

const titleLike = (column: string, pattern: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
const asStatus = (published: boolean): ContentStatus => (published ? CONTENT_STATUS.published : CONTENT_STATUS.unpublished);
const DONE: ItemProgress = { done: true, percent: 100 };
const userIds = (rows: ReadonlyArray<{ user_id: number }>) => [...new Set(rows.map((r) => r.user_id))];

export const TRAIL_ITEM_SOURCES: Record<TrailItemKind, TrailItemSource> = {
  training: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('group_trainings').select(['id', 'title', 'status'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '!=', CONTENT_STATUS.deleted).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(r.status === CONTENT_STATUS.published) }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('group_trainings').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', '=', CONTENT_STATUS.published).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('group_trainings').select(['id', 'title', 'workload'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '=', CONTENT_STATUS.published).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: Number(r.workload) }]));
    },
    // spec 2 §4.6: an enrollment is a record; finished is done (its percent is the catalogue's, learner/trails.ts)
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('group_training_enrollments').select(['group_training_id', 'status'])
        .where('user_id', '=', userId).where('group_training_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.group_training_id, r.status === 'finished' ? DONE : { done: false, percent: 0 }]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('group_training_enrollments').select('user_id').where('group_training_id', 'in', ids).execute());
    },
  },

  // spec 3 §4: learners take a Published class and complete it once Finished
  live_class: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('live_classes').select(['id', 'title', 'status'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '!=', LIVE_CLASS_STATUS.deleted).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(LEARNER_LIVE_CLASS_STATUSES.includes(r.status as 1 | 4)) }]));
    },
    // a Finished class may join too: who attended it has completed it
    search(db, clientId, pattern, limit) {
      return db.selectFrom('live_classes').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', 'in', LEARNER_LIVE_CLASS_STATUSES).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids, now) {
      if (ids.length === 0) return new Map();
      const today = toApiDate(now);
      const rows = await db.selectFrom('live_classes').select(['id', 'title', 'workload'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', 'in', LEARNER_LIVE_CLASS_STATUSES)
        .where((eb) => eb.or([eb('date_to_unpublish', 'is', null), eb('date_to_unpublish', '>=', today)]))
        .execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: Number(r.workload) }]));
    },
    // a participant row (subscribed or invited) is a record; completed (server/src/liveClasses/completion.ts) is done
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('live_class_participants').select(['live_class_id', 'completed_at'])
        .where('user_id', '=', userId).where('live_class_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.live_class_id, r.completed_at !== null ? DONE : { done: false, percent: 0 }]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('live_class_participants').select('user_id').where('live_class_id', 'in', ids).execute());
    },
  },

  // spec 2 §4.12: learners see published webcasts, and finished ones (their recording)
  webcast: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('webcasts').select(['id', 'title', 'status'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '!=', CONTENT_STATUS.deleted).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(LEARNER_WEBCAST_STATUSES.includes(r.status as 1 | 4 | 5)) }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('webcasts').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', 'in', LEARNER_WEBCAST_STATUSES).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('webcasts').select(['id', 'title', 'workload'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', 'in', LEARNER_WEBCAST_STATUSES).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: Number(r.workload) }]));
    },
    // watched: the learner page recorded it (repositories/webcasts.ts recordWebcastWatched)
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('webcast_views').select('webcast_id').where('user_id', '=', userId).where('webcast_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.webcast_id, DONE]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('webcast_views').select('user_id').where('webcast_id', 'in', ids).execute());
    },
  },

  // spec 3 §4: learners see a published item within its dates
  news: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('news').select(['id', 'title', 'status']).where('client_id', '=', clientId).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(r.status === NEWS_STATUS.published) }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('news').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', '=', NEWS_STATUS.published).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids, now) {
      if (ids.length === 0) return new Map();
      const at = now.toISOString();
      const rows = await db.selectFrom('news').select(['id', 'title'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '=', NEWS_STATUS.published)
        .where((eb) => eb.or([eb('publish_date', 'is', null), eb('publish_date', '<=', at)]))
        .where((eb) => eb.or([eb('unpublish_date', 'is', null), eb('unpublish_date', '>', at)]))
        .execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: 0 }]));
    },
    // read: opening the item records it (repositories/news.ts recordNewsView)
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('news_views').select('news_id').where('user_id', '=', userId).where('news_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.news_id, DONE]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('news_views').select('user_id').where('news_id', 'in', ids).execute());
    },
  },

  // spec 3 §5: learners hear a published podcast until its unpublish day
  podcast: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('podcasts').select(['id', 'title', 'status']).where('client_id', '=', clientId).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(r.status === PODCAST_STATUS.published) }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('podcasts').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', '=', PODCAST_STATUS.published).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids, now) {
      if (ids.length === 0) return new Map();
      const today = toApiDate(now);
      const rows = await db.selectFrom('podcasts').select(['id', 'title'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '=', PODCAST_STATUS.published)
        .where((eb) => eb.or([eb('date_to_unpublish', 'is', null), eb('date_to_unpublish', '>', today)]))
        .execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: 0 }]));
    },
    // listened: finished from 90 % heard (repositories/podcasts.ts recordPodcastProgress); before that its percent
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('podcast_progress').select(['podcast_id', 'status', 'percent'])
        .where('user_id', '=', userId).where('podcast_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.podcast_id, r.status === 'finished' ? DONE : { done: false, percent: Math.min(99, Number(r.percent)) }]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('podcast_progress').select('user_id').where('podcast_id', 'in', ids).execute());
    },
  },

  // spec 3 §3 "Library file": learners see active files
  library_file: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('library_files').select(['id', 'title', 'status']).where('client_id', '=', clientId).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: asStatus(r.status === LIBRARY_FILE_STATUS.active) }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('library_files').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', '=', LIBRARY_FILE_STATUS.active).where(titleLike('title', pattern))
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
    async live(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('library_files').select(['id', 'title'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '=', LIBRARY_FILE_STATUS.active).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, workload: 0 }]));
    },
    // opened: previewed or downloaded (repositories/library.ts recordFileUse)
    async progress(db, userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('library_file_users').select('library_file_id')
        .where('user_id', '=', userId).where('library_file_id', 'in', ids)
        .where((eb) => eb.or([eb('viewed_at', 'is not', null), eb('downloaded_at', 'is not', null)]))
        .execute();
      return new Map(rows.map((r) => [r.library_file_id, DONE]));
    },
    async learners(db, ids) {
      if (ids.length === 0) return [];
      return userIds(await db.selectFrom('library_file_users').select('user_id').where('library_file_id', 'in', ids).execute());
    },
  },
};
