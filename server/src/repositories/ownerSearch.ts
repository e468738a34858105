/** The owner autocomplete (spec 2 §5.11, §9): users of the client by name or e-mail. */
import { sql } from 'kysely';
import type { TrainingOwner } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

/** spec 2 §5.11 / §9 owner autocomplete: users of the client, from 3 characters, at most 25. */
export const OWNER_SEARCH_MIN = 3;
export const OWNER_SEARCH_MAX = 25;

export async function searchOwners(db: Db, clientId: number, search: string): Promise<TrainingOwner[]> {
  const text = search.trim().toLowerCase();
  if (Array.from(text).length < OWNER_SEARCH_MIN) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select(['users.id', 'users.full_name', 'users.email'])
    .where('user_clients.client_id', '=', clientId)
    .where('users.status', '!=', 'deleted')
    .where((eb) => eb.or([
      sql<boolean>`lower(${sql.ref('users.full_name')}) like ${pattern} escape '\\'`,
      sql<boolean>`lower(${sql.ref('users.email')}) like ${pattern} escape '\\'`,
    ]))
    .orderBy('users.full_name').orderBy('users.id')
    .limit(OWNER_SEARCH_MAX)
    .execute();
}
