import type { FastifyInstance } from 'fastify';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import type { Tokens } from './helpers.ts';
import { tusCreate, tusPatch } from './importFixtures.ts';

/** Fixtures for the training test suites. */

export type QuestionBody = Record<string, unknown> & { title: string; is_mandatory?: boolean };

/** A multipart/form-data body (the spec's "form" calls) with the given headers added. */
export function multipart(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const boundary = '----lp-tests-boundary';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A learner attempt, as the test engine will write it (spec 2 §4.4 "a test with results"). */
export async function addResult(app: FastifyInstance, testId: number, userId: number, status: 'in_progress' | 'finished' = 'finished'): Promise<void> {
  const last = await app.db.selectFrom('group_training_test_results').select((eb) => eb.fn.max<number>('attempt_number').as('n'))
    .where('test_id', '=', testId).where('user_id', '=', userId).executeTakeFirst();
  const now = new Date();
  await app.db.insertInto('group_training_test_results').values({
    test_id: testId, user_id: userId, attempt_number: Number(last?.n ?? 0) + 1, status, started_at: now, deadline_at: null,
    finished_at: status === 'finished' ? now : null, correct_count: 1, total_questions: 2, score: 50, passed: false,
  }).execute();
}

/** A finished tus upload of `bytes` as `kind` (default: the test import's); the upload URL. */
export async function tusUpload(app: FastifyInstance, tokens: Tokens, bytes: Buffer, filename: string, kind = GROUP_TRAINING_TESTS.uploadKind): Promise<string> {
  const created = await tusCreate(app, tokens, bytes.length, { filename, filetype: 'application/octet-stream', kind });
  if (created.statusCode !== 201) throw new Error(`tus create: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const patched = await tusPatch(app, tokens, location, 0, bytes);
  if (patched.statusCode !== 204) throw new Error(`tus patch: ${patched.statusCode} ${patched.body}`);
  return location;
}
