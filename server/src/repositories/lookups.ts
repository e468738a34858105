/** The small option lists of the forms, scoped to the selected client (spec 1 §3.8; spec 2 §9 user search). */
import type { Translations } from '@lp/shared/contract';
import type { LookupName } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

export interface NamedOption {
  id: number;
  name: string;
}

export async function areaOptions(db: Db, clientId: number): Promise<NamedOption[]> {
  return db.selectFrom('areas').select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').execute();
}

/** With their e-mail domains: the user form checks "Invalid email for this profile" as the server does. */
export async function profileOptions(db: Db, clientId: number): Promise<{ id: number; name: string; email_domains: string[] }[]> {
  return db.selectFrom('profiles').select(['id', 'name', 'email_domains']).where('client_id', '=', clientId).orderBy('name').execute();
}

/** The client's profiles with their translated labels (spec 1 §3.8 register_profiles). */
export async function profileOptionsWithTranslations(db: Db, clientId: number): Promise<{ id: number; name: string; translations: Translations }[]> {
  return db.selectFrom('profiles').select(['id', 'name', 'translations']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();
}

export async function userGroupOptions(db: Db, clientId: number): Promise<NamedOption[]> {
  return db.selectFrom('user_groups').select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').execute();
}

/** Users of the client whose name or e-mail contains `search` (any case), by name, at most 25. */
export async function searchClientUsers(db: Db, clientId: number, search: string): Promise<{ id: number; full_name: string; email: string }[]> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select(['users.id', 'users.full_name', 'users.email'])
    .where('user_clients.client_id', '=', clientId)
    .where((eb) => eb.or([
      eb(eb.fn('lower', ['users.full_name']), 'like', pattern),
      eb(eb.fn('lower', ['users.email']), 'like', pattern),
    ]))
    .orderBy('users.full_name').limit(25).execute();
}

/** People by id as a form shows them (a branch's managers); ids that are not users are left out. */
export async function userSummaries(db: Db, ids: readonly (number | null)[]): Promise<Map<number, { id: number; full_name: string; email: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'full_name', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The named rows of the organisation a branch or user form picks from. */
export type OrganisationOptionTable = 'headquarters' | 'branches' | 'branch_types' | 'branch_size_types' | 'regionals';

export async function organisationOptions(db: Db, table: OrganisationOptionTable, clientId: number): Promise<NamedOption[]> {
  return db.selectFrom(table).select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();
}

/** Countries are shared by every client. */
export async function countryOptions(db: Db): Promise<{ id: number; name: string; code: string; use_document_mask: boolean }[]> {
  const rows = await db.selectFrom('countries').select(['id', 'name', 'code', 'use_document_mask']).orderBy('name').execute();
  // SQLite answers a boolean column as 0/1
  return rows.map((r) => ({ ...r, use_document_mask: Boolean(r.use_document_mask) }));
}

/** One form list by its contract name (the one-list paths and the several-lists path read the same rows). */
export async function lookupOptions(db: Db, name: LookupName, clientId: number): Promise<NamedOption[]> {
  switch (name) {
    case 'areas': return areaOptions(db, clientId);
    case 'profiles': return profileOptions(db, clientId);
    case 'user_groups': return userGroupOptions(db, clientId);
    case 'countries': return countryOptions(db);
    default: return organisationOptions(db, name, clientId);
  }
}
