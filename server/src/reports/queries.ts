/**
 * What the reports of content (trainings, trails, webcasts, podcasts, library files, messages)
 * share: the list's title search, and the walk over the content items and, inside each, its
 * learners, page by page (reports/definition.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { CertificateContentType } from '../db/tables/learning.table.ts';
import type { Db } from '../db/database.ts';
import type { ReportRow } from './definition.ts';

/** Content items read per query. */
export const CONTENT_BATCH = 100;
/** Learners of one item read per query. */
export const LEARNER_BATCH = 500;

/** `%text%` for a case-insensitive `like … escape '\'` (the admin lists' search). */
export function likePattern(text: string): string {
  return `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The lists' title search: `lower(column) like %text%`. */
export function titleContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

export interface ContentWalk<C extends { id: number }, L, F extends string> {
  /** the next items after `afterId`, in id order, filtered as the list filters them */
  contents(afterId: number, limit: number): Promise<C[]>;
  /** the item's next learners after the key `after` (0 first), in key order */
  learners(content: C, after: number, limit: number): Promise<L[]>;
  /** the key learners are paged by (a row id) */
  keyOf(learner: L): number;
  /** the rows of one page of an item's learners */
  rows(content: C, learners: L[]): Promise<Array<ReportRow<F>>> | Array<ReportRow<F>>;
  /** the one row of an item nobody took part in */
  alone(content: C): ReportRow<F>;
}

/**
 * One row per learner of each item, or one row for an item without any (spec 3 §4 "Reports …
 * generated asynchronously"): items and learners are both read in pages, so neither a client with
 * many items nor an item with many learners grows the memory.
 */
export async function* walkContent<C extends { id: number }, L, F extends string>(walk: ContentWalk<C, L, F>): AsyncGenerator<Array<ReportRow<F>>> {
  let afterId = 0;
  for (;;) {
    const contents = await walk.contents(afterId, CONTENT_BATCH);
    for (const content of contents) {
      let after = 0;
      let any = false;
      for (;;) {
        const learners = await walk.learners(content, after, LEARNER_BATCH);
        if (learners.length > 0) {
          any = true;
          yield await walk.rows(content, learners);
          after = walk.keyOf(learners[learners.length - 1]!);
        }
        if (learners.length < LEARNER_BATCH) break;
      }
      if (!any) yield [walk.alone(content)];
    }
    if (contents.length < CONTENT_BATCH) return;
    afterId = contents[contents.length - 1]!.id;
  }
}

export interface CertificateCells {
  certificate_code: string;
  certificate_issued_at: Date;
  certificate_expires_at: Date | null;
}

/** The current (not superseded) certificate of each of `userIds` for one content item of the client. */
export async function currentCertificates(
  db: Db, clientId: number, contentType: CertificateContentType, contentId: number, userIds: readonly number[],
): Promise<Map<number, CertificateCells>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('certificates').select(['user_id', 'code', 'issued_at', 'expires_at'])
    .where('client_id', '=', clientId).where('content_type', '=', contentType).where('content_id', '=', contentId)
    .where('user_id', 'in', [...userIds]).where('superseded_at', 'is', null)
    .orderBy('issued_at').execute();
  // the latest wins when several were never superseded
  return new Map(rows.map((r) => [r.user_id, {
    certificate_code: r.code, certificate_issued_at: new Date(r.issued_at), certificate_expires_at: r.expires_at ? new Date(r.expires_at) : null,
  }]));
}

/** spec 2 §4.1 content status (1 published, 2 unpublished, 3 deleted) as its translation key. */
export function contentStatusWord(status: number): string {
  const word = status === 1 ? 'published' : status === 3 ? 'deleted' : 'unpublished';
  return `common.content_status.${word}`;
}

/** A stored time as a date cell, or an empty cell. */
export const when = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
