/**
 * Legal texts per client, kind and content language (spec 1 §2.3, §6.1), and the help requests
 * of spec 1 §2.1 with the superusers who answer them.
 */
import type { LegalTextKind } from '@lp/shared/rules';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LegalTextTable } from '../db/tables/engagement.table.ts';

export type LegalTextRow = Pick<Selectable<LegalTextTable>, 'language' | 'content' | 'updated_at'>;

export async function legalTexts(db: Db, clientId: number, kind: LegalTextKind): Promise<LegalTextRow[]> {
  return db.selectFrom('legal_texts').select(['language', 'content', 'updated_at'])
    .where('client_id', '=', clientId).where('kind', '=', kind).execute();
}

export async function removeLegalText(db: Db, clientId: number, kind: LegalTextKind, language: string): Promise<void> {
  await db.deleteFrom('legal_texts').where('client_id', '=', clientId).where('kind', '=', kind).where('language', '=', language).execute();
}

/** Writes the language's text, replacing the stored one. */
export async function saveLegalText(db: Db, clientId: number, kind: LegalTextKind, language: string, content: string, by: number): Promise<void> {
  const now = new Date();
  await db.insertInto('legal_texts').values({ client_id: clientId, kind, language, content, updated_by: by, updated_at: now })
    .onConflict((oc) => oc.columns(['client_id', 'kind', 'language']).doUpdateSet({ content, updated_by: by, updated_at: now }))
    .execute();
}

/** Whose texts a visitor reads: the client named, else the deployment's first (the login page belongs to no client). */
export async function publicClientId(db: Db, asked: number | undefined): Promise<number | null> {
  const q = db.selectFrom('clients').select('id');
  const row = asked !== undefined ? await q.where('id', '=', asked).executeTakeFirst() : await q.orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

/** The user sending a help request, with the client they work in. */
export async function helpRequester(db: Db, userId: number): Promise<{ id: number; selected_client_id: number | null } | undefined> {
  return db.selectFrom('users').select(['id', 'selected_client_id']).where('id', '=', userId).executeTakeFirst();
}

export async function insertHelpRequest(
  db: Db, request: { client_id: number | null; user_id: number | null; name: string; email: string; message: string },
): Promise<void> {
  await db.insertInto('help_requests').values({ ...request, created_at: new Date() }).execute();
}

/** The active superusers, who run the help desk. */
export async function helpDesk(db: Db): Promise<{ email: string; full_name: string; language_id: number; is_superuser: boolean }[]> {
  return db.selectFrom('users').select(['email', 'full_name', 'language_id', 'is_superuser'])
    .where('is_superuser', '=', true).where('status', '=', 'active').execute();
}
