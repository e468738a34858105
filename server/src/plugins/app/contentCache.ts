import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { realTableNames } from '../../content/tables.ts';
import {
  DRILL_OWNER, GENERAL_TEST_OWNER, LIVE_CLASS_OWNER, PRESENTIAL_EVENT_OWNER, PRESENTIAL_TEST_TEMPLATE_OWNER, SURVEY_OWNER, TRAINING_OWNER, WEBCAST_OWNER,
} from '../../content/owners.ts';
import type { WriteKind } from '../../db/writeWatch.ts';
import { clusterDrops } from '../../lib/clusterDrops.ts';
import { deepFreeze } from '../../lib/deepFreeze.ts';

/**
 * The content cache: what is the same for every learner of a client — a published test and its
 * owner, its questions with their alternatives, a training's activities and hierarchy — read
 * once and shared by every request (a crowd starting one test reads it thousands of times in
 * seconds; bench/quiz-burst.ts). Any write to the tables it is read from drops every entry, on
 * this node at once and on every other over Redis (as the session cache does, docs/security.md
 * "Session cache"), so an edit shows on the next request. Writes no node sees (raw SQL, another
 * process) show within TTL_MS.
 */
export interface ContentCache {
  /** `load()`'s answer for `key`, kept (frozen: shared by every request) unless a watched write came meanwhile */
  read<T>(key: string, load: () => Promise<T>): Promise<Readonly<T>>;
  /** drops every entry here and on every node */
  drop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentCache: ContentCache;
  }
}

const ALL: readonly WriteKind[] = ['insert', 'update', 'delete'];
const OWNERS = [TRAINING_OWNER, WEBCAST_OWNER, LIVE_CLASS_OWNER, SURVEY_OWNER, DRILL_OWNER, GENERAL_TEST_OWNER, PRESENTIAL_TEST_TEMPLATE_OWNER, PRESENTIAL_EVENT_OWNER];

/** Every table a cached read reads: the owners' tests, questions and alternatives (their real and their virtual names), a training's items and order, the lookups they join. */
export const CONTENT_TABLES: Readonly<Record<string, readonly WriteKind[]>> = Object.fromEntries([
  ...OWNERS.flatMap((owner) => {
    const names = realTableNames(owner);
    // not the learners' own rows (attempts, answers): a crowd starting a test writes those all the time
    return (['owned_owners', 'owned_tests', 'owned_test_questions', 'owned_test_question_answers'] as const).flatMap((name) => [name, names[name]]);
  }),
  'group_training_modules', 'group_training_games', 'group_training_hierarchy', 'group_training_test_types', 'group_training_module_types',
  // a training module's SCORM version (repositories/learner/activities.ts)
  'media_objects',
].map((table) => [table, ALL]));

const CHANNEL = '#content-cache';
const MAX_ENTRIES = 5_000;
/** the bound on a write no node saw */
const TTL_MS = 60_000;

export default fp(async (app) => {
  // `undefined` (no such published test) is an answer too: kept in a box
  const entries = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES, ttl: TTL_MS, ttlAutopurge: false });
  // a crowd arriving at a cold entry waits for one read, not one each
  const reading = new Map<string, Promise<unknown>>();
  let generation = 0;
  const dropHere = () => {
    generation++;
    entries.clear();
    reading.clear();
  };
  const drop = await clusterDrops(app, CHANNEL, dropHere, 'content cache');
  app.dbWrites.on(CONTENT_TABLES, drop);

  app.decorate('contentCache', {
    async read<T>(key: string, load: () => Promise<T>): Promise<Readonly<T>> {
      const hit = entries.get(key);
      if (hit) return hit.value as T;
      const shared = reading.get(key);
      if (shared) return shared as Promise<T>;
      const at = generation;
      const read = load().then((value) => {
        deepFreeze(value);
        // a write while it was read: the answer may be the old rows, so it is not kept
        if (at === generation) entries.set(key, { value });
        return value;
      }).finally(() => {
        if (reading.get(key) === read) reading.delete(key);
      });
      reading.set(key, read);
      return read;
    },
    drop,
  } satisfies ContentCache);
}, { name: 'content-cache', dependencies: ['db'] });
