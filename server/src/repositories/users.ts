import { DEFAULT_TIME_ZONE, LOGIN_STATUSES, emptyReportRequestTimes, todayApiDate, type ClientModuleItems } from '@lp/shared/rules';
import type { ProfileBasicData, SessionUser } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusableQuery.ts';
import type { UserRow, UserUpdate } from '../db/tables/user.table.ts';
import { mediaPath } from '../lib/mediaStore.ts';
import { toSessionClient } from './clients.ts';
import { termsAccepted, termsVersion } from './consents.ts';
import { learnerContext } from './learner/context.ts';
import { reportRequestTimes } from './reports.ts';
import { hasMandatorySurveys } from './surveys/learner.ts';

const MAY_LOG_IN = new Set<string>(LOGIN_STATUSES);

/** spec 1 §4.1: the status may log in. */
export function canLogIn(status: string): boolean {
  return MAY_LOG_IN.has(status);
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const q = db.selectFrom('users').selectAll();
  return username.includes('@')
    ? q.where('email', '=', username.toLowerCase()).executeTakeFirst()
    : q.where('document', '=', username).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

// run for every authenticated request (plugins/app/auth.ts): compiled once
const USER_ID = -0x7ead;
const moduleItemRows = reusableQuery((db, userId: number) => db.selectFrom('user_module_items').select(['client_id', 'slug', 'permission'])
  .where('user_id', '=', userId).orderBy('client_id').orderBy('slug'), [USER_ID] as [number]);
const clientIdRows = reusableQuery((db, userId: number) => db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId), [USER_ID] as [number]);

export async function moduleItemsByClient(db: Db, userId: number): Promise<ClientModuleItems[]> {
  const rows = await moduleItemRows(db, userId);
  const byClient = new Map<number, ClientModuleItems>();
  for (const r of rows) {
    const entry = byClient.get(r.client_id) ?? { id: r.client_id, module_items: [] };
    entry.module_items.push({ slug: r.slug, permission: r.permission });
    byClient.set(r.client_id, entry);
  }
  return [...byClient.values()];
}

export async function userClientIds(db: Db, userId: number): Promise<number[]> {
  const rows = await clientIdRows(db, userId);
  return rows.map((r) => r.client_id);
}

/** The client a request works under: the stored choice if still linked, else the first by name. */
export function selectedClientId(user: Pick<UserRow, 'selected_client_id'>, clientIdsByName: number[]): number | null {
  if (user.selected_client_id != null && clientIdsByName.includes(user.selected_client_id)) return user.selected_client_id;
  return clientIdsByName[0] ?? null;
}

/** spec 1 §3.1 session user; an administrative view sees only the client it is confined to. */
export async function loadSessionUser(db: Db, user: UserRow, confinedClientId: number | null = null): Promise<SessionUser> {
  let query = db.selectFrom('clients')
    .innerJoin('user_clients', 'user_clients.client_id', 'clients.id')
    .selectAll('clients').select('user_clients.profile_id')
    .where('user_clients.user_id', '=', user.id);
  if (confinedClientId !== null) query = query.where('clients.id', '=', confinedClientId);
  const clients = await query.execute();
  // spec 1 §3.1: user_clients sorted by trimmed name
  clients.sort((a, b) => a.name.trim().localeCompare(b.name.trim()));
  const selected = selectedClientId(user, clients.map((c) => c.id));
  const terms = selected !== null ? await termsVersion(db, selected) : null;
  return {
    id: user.id,
    id_user_client_profile: clients.find((c) => c.id === selected)?.profile_id ?? null,
    full_name: user.full_name,
    nick_name: user.nick_name,
    user_document: user.document,
    email: user.email,
    is_superuser: user.is_superuser,
    id_user_client_selected: selected,
    id_user_client_country_selected: null,
    id_user_language_selected: user.language_id,
    user_clients: clients.map(toSessionClient),
    user_client_module_items: (await moduleItemsByClient(db, user.id)).filter((c) => confinedClientId === null || c.id === confinedClientId),
    // spec 1 §3.1: a published mandatory survey of the learner's audience is open and unanswered
    has_mandatory_surveys: selected !== null && await hasMandatorySurveys(db, await learnerContext(db, selected, user), todayApiDate(DEFAULT_TIME_ZONE, new Date())),
    // spec 1 §3.1: the latest decision about the selected client's terms accepts their current version (routes/consents)
    accept_terms_and_conditions: selected === null || await termsAccepted(db, user.id, selected, terms),
    terms_version: terms,
    user_companies: [],
    user_branches: [],
    user_countries: [],
    user_change_password: user.must_change_password,
    must_complete_registration: user.status === 'pre_registered' || user.status === 'complete_registration',
    reload_content: false,
    // spec 1 §3.1: one last-request timestamp per report button, for the selected client
    last_report_requests: selected !== null ? await reportRequestTimes(db, user.id, selected) : emptyReportRequestTimes(),
  };
}

export function toProfileBasicData(user: UserRow): ProfileBasicData {
  return {
    full_name: user.full_name,
    nick_name: user.nick_name,
    email: user.email,
    user_document: user.document,
    id_user_language_selected: user.language_id,
    gender: user.gender ?? null,
    birthday: user.birthday ?? null,
    mobile_country_code: user.mobile_country_code ?? null,
    mobile_area_code: user.mobile_area_code ?? null,
    mobile: user.mobile ?? null,
    commercial_phone: user.commercial_phone ?? null,
    residential_phone: user.residential_phone ?? null,
    whatsapp: user.whatsapp ?? null,
    image_url: user.image ? mediaPath(user.image) : null,
  };
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: false, updated_at: new Date() })
    .where('id', '=', userId).execute();
}

/** The client the user works in from now on (the caller checked they are linked to it). */
export async function selectClient(db: Db, userId: number, clientId: number): Promise<void> {
  await db.updateTable('users').set({ selected_client_id: clientId, updated_at: new Date() })
    .where('id', '=', userId).execute();
}

/** The fields a user edits on their own profile; an omitted one stays. */
export async function updateOwnProfile(
  db: Db, userId: number, values: Pick<UserUpdate, 'full_name' | 'nick_name' | 'language_id' | 'gender' | 'birthday' | 'mobile_country_code'
    | 'mobile_area_code' | 'mobile' | 'commercial_phone' | 'residential_phone' | 'whatsapp' | 'image'>,
): Promise<void> {
  await db.updateTable('users').set({ ...values, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** The user asks to close their account (an administrator confirms or rejects it). */
export async function markDeletionRequested(db: Db, userId: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ status: 'deletion_requested', deletion_requested_at: at, updated_at: at }).where('id', '=', userId).execute();
}
