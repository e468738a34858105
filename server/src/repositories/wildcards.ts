/**
 * Wildcard pages of the selected client (spec 2 §5.1, §5.5): the admin list and writes, and the
 * page a learner opens by slug — published, and its audience holds them.
 */
import type { Insertable } from 'kysely';
import { WILDCARD_STATUS } from '@lp/shared/rules';
import { inAudience, type AudienceMember } from '../content/audience/index.ts';
import type { Db } from '../db/database.ts';
import type { WildcardPageTable } from '../db/tables/engagement.table.ts';

/** The client's pages; the list helper pages it. */
export const wildcardPageQuery = (db: Db, clientId: number) => db.selectFrom('wildcard_pages')
  .select(['wildcard_pages.id', 'wildcard_pages.title', 'wildcard_pages.slug', 'wildcard_pages.content', 'wildcard_pages.status',
    'wildcard_pages.created_at', 'wildcard_pages.updated_at'])
  .where('wildcard_pages.client_id', '=', clientId);
export type WildcardPageListRow = Awaited<ReturnType<ReturnType<typeof wildcardPageQuery>['execute']>>[number];

export async function wildcardPagesById(db: Db, clientId: number, id: number): Promise<WildcardPageListRow[]> {
  return wildcardPageQuery(db, clientId).where('wildcard_pages.id', '=', id).execute();
}

/** Whether another page of the client has the slug. */
export async function wildcardSlugTaken(db: Db, clientId: number, slug: string, exceptId: number | null): Promise<boolean> {
  const taken = await db.selectFrom('wildcard_pages').select('id').where('client_id', '=', clientId).where('slug', '=', slug)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!)).executeTakeFirst();
  return taken !== undefined;
}

export async function insertWildcardPage(db: Db, values: Insertable<WildcardPageTable>): Promise<number> {
  return (await db.insertInto('wildcard_pages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWildcardPage(
  db: Db, clientId: number, id: number, values: { title: string; slug: string; content: string; status: number },
): Promise<void> {
  await db.updateTable('wildcard_pages').set({ ...values, updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).execute();
}

export async function deleteWildcardPage(db: Db, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('wildcard_pages').where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** The published page with that slug whose audience holds the member. */
export async function learnerWildcardPage(db: Db, clientId: number, member: AudienceMember | null, slug: string) {
  return db.selectFrom('wildcard_pages').select(['id', 'title', 'slug', 'content', 'updated_at'])
    .where('client_id', '=', clientId).where('slug', '=', slug).where('status', '=', WILDCARD_STATUS.published)
    .where(inAudience('wildcard_page', member))
    .executeTakeFirst();
}
