/**
 * spec 1 §4.2 "Confirm deletes and anonymizes all the user's data": the copies of a user's
 * identity kept outside their `users` row (which anonymizeUser rewrites), cleared in the same
 * transaction. What they wrote (comments, forum posts, chat texts, questions, answers) stays,
 * attached to the anonymised account; what says who they are goes:
 *
 * - user_consents.ip, user_agent → null (the decisions themselves stay as history)
 * - webcast_chat_messages.sender_name (a copy of the full name) → ANONYMIZED_NAME
 * - certificates.holder_name → ANONYMIZED_NAME, pdf_path → null; the PDFs (which print the name)
 *   are removed after the commit (removeAnonymizedFiles); a later download would redraw one
 * - faq_received_questions and help_requests sent by them (their user id, or their e-mail typed
 *   on the login page): name → ANONYMIZED_NAME, email → the placeholder address; a question's
 *   sender_key (a hash of the visitor's IP for the login page's form) → the hash of the user id
 * - notifications: the ones addressed to them are deleted; a FAQ manager's
 *   faq_question_received notification about one of their questions loses the sender's name
 * - import_logs.params and reports.params: a value equal to their e-mail, document, register,
 *   GMIN number or full name (a repeated key, a report's search) → ANONYMIZED_NAME
 * - reports: every ready report file of a client they belong to (or that they asked for) lists
 *   their row, and a file is not edited in place: the report expires (file_name, token_hash →
 *   null, as the expiry sweep does) and the file is removed after the commit; it can be asked again
 * - login_failures rows keyed by their e-mail or document (login, password reset) or by an
 *   address their consents recorded → deleted
 * - password_resets, oauth_tokens, realtime_tickets → deleted; token_families → revoked (their
 *   rows hold ids only)
 * - mailing_list_configs.reply_to equal to their e-mail → null, sender_name equal to their full
 *   name → '' (both fall back to the platform's defaults)
 * - audit_log: the address and browser of what they did → null; the former and new e-mail or
 *   document of an account change made to them → details emptied
 *
 * Ids alone (audit_log, enrolments, results, created_by …) are not personal data once the row
 * they point at is anonymised, and stay so reports and history keep adding up.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { normaliseUsername } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { jsonField, jsonText } from '../db/computed.ts';
import type { UserRow } from '../db/tables/user.table.ts';
import { certificateKey } from '../learning/certificates.ts';
import { removeMediaFolder } from '../lib/mediaStore.ts';
import type { FileStorage } from '../storage/index.ts';
import { removeReportFile } from '../reports/files.ts';
import { senderKey } from './faq.ts';

/** spec 1 §4.2 anonymised name. */
export const ANONYMIZED_NAME = 'Deleted - anonymized data';

/** The non-personal address an anonymised user (and what they sent) is left with. */
export const anonymizedEmail = (userId: number) => `deleted-${userId}@anonymized.invalid`;

/** Files that held the identity, removed once the transaction has committed. */
export interface AnonymizedFiles {
  /** relative to DATA_DIR */
  certificatePdfs: string[];
  /** names under $DATA_DIR/reports/ */
  reportFiles: string[];
  /** media resources (the profile picture) whose folder goes */
  mediaResources: string[];
}

type Identity = Pick<UserRow, 'id' | 'email' | 'full_name' | 'document' | 'register' | 'gmin_number'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(column)` as a comparable expression (both sides lowered by the database: same folding on both dialects). */
const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

/** A JSON document that mentions one of `values` (lower-cased, as they appear inside JSON strings). */
function mentionsAny(column: string, values: string[]): Expression<SqlBool> {
  const patterns = values.map((v) => `%${escapeLike(JSON.stringify(v).slice(1, -1))}%`);
  return sql<SqlBool>`(${sql.join(patterns.map((p) => sql`lower(${jsonText(column)}) like lower(${p}) escape '\\'`), sql` or `)})`;
}

/** The JSON text of `document` with every string equal to one of `values` (any case) replaced; null when nothing changed. */
export function redactJson(document: unknown, values: string[]): string | null {
  const wanted = new Set(values.map((v) => v.trim().toLowerCase()));
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (!wanted.has(node.trim().toLowerCase())) return node;
      changed = true;
      return ANONYMIZED_NAME;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  const result = walk(document);
  return changed ? JSON.stringify(result) : null;
}

/** Rewrites the `params` of the rows mentioning the identity. */
async function redactParams(db: Db, table: 'import_logs' | 'reports', values: string[]): Promise<void> {
  const rows = await db.selectFrom(table).select(['id', 'params']).where(mentionsAny('params', values)).execute();
  for (const row of rows) {
    const redacted = redactJson(row.params, values);
    if (redacted !== null) await db.updateTable(table).set({ params: redacted }).where('id', '=', row.id).execute();
  }
}

/** Clears every copy of the user's identity outside their `users` row; call before that row is rewritten. */
export async function anonymizePersonalData(db: Db, user: Identity): Promise<AnonymizedFiles> {
  const userId = user.id;
  const email = user.email.trim().toLowerCase();
  const sameEmail = sql<string>`lower(${user.email.trim()})`;
  const now = new Date();

  // consents: the decisions stay, the address and browser go (the addresses first: throttle keys below)
  const ips = (await db.selectFrom('user_consents').select('ip').distinct().where('user_id', '=', userId).where('ip', 'is not', null).execute())
    .map((r) => r.ip!);
  await db.updateTable('user_consents').set({ ip: null, user_agent: null }).where('user_id', '=', userId).execute();
  await db.updateTable('audit_log').set({ ip: null, user_agent: null }).where('actor_id', '=', userId).execute();
  await db.updateTable('audit_log').set({ details: '{}' }).where('target_user_id', '=', userId)
    .where('action', 'in', ['email_change', 'document_change']).execute();

  await db.updateTable('webcast_chat_messages').set({ sender_name: ANONYMIZED_NAME }).where('user_id', '=', userId).execute();

  const certificates = await db.selectFrom('certificates').select('pdf_path').where('user_id', '=', userId).where('pdf_path', 'is not', null).execute();
  await db.updateTable('certificates').set({ holder_name: ANONYMIZED_NAME, pdf_path: null }).where('user_id', '=', userId).execute();

  // what they sent: signed in (their id) or from the login page (their e-mail, typed)
  const questionIds = (await db.selectFrom('faq_received_questions').select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb(lower('email'), '=', sameEmail)])).execute()).map((r) => r.id);
  if (questionIds.length) {
    await db.updateTable('faq_received_questions')
      .set({ name: ANONYMIZED_NAME, email: anonymizedEmail(userId), sender_key: senderKey('user', userId) })
      .where('id', 'in', questionIds).execute();
    // their payload is `{"id":12,"name":…}`
    const told = await db.selectFrom('notifications').select(['id', 'payload']).where('kind', '=', 'faq_question_received')
      .where(jsonField(db, 'payload', 'id'), 'in', questionIds.map(String))
      .execute();
    for (const n of told) {
      const payload = n.payload;
      if (!questionIds.includes(Number(payload.id))) continue;
      await db.updateTable('notifications').set({ payload: JSON.stringify({ ...payload, name: ANONYMIZED_NAME }) }).where('id', '=', n.id).execute();
    }
  }
  await db.updateTable('help_requests').set({ name: ANONYMIZED_NAME, email: anonymizedEmail(userId) })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb(lower('email'), '=', sameEmail)])).execute();
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();

  // values copied into log and filter parameters
  const keys = [user.email, user.document, user.register, user.gmin_number, user.full_name].filter((v): v is string => !!v?.trim());
  await redactParams(db, 'import_logs', keys);
  await redactParams(db, 'reports', keys);

  // report files listing them: expired as the sweep does, the files removed after the commit
  const clientIds = (await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).execute()).map((r) => r.client_id);
  const reports = await db.selectFrom('reports').select(['id', 'file_name']).where('status', '=', 'ready')
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(clientIds.length ? [eb('client_id', 'in', clientIds)] : [])])).execute();
  if (reports.length) {
    await db.updateTable('reports').set({ status: 'expired', file_name: null, token_hash: null })
      .where('id', 'in', reports.map((r) => r.id)).execute();
  }

  // throttle rows keyed by who they are (login, password reset) or where their consents came from
  const throttleKeys = [`user:${normaliseUsername(email)}`, `reset:${email}`, `password:${userId}`, ...ips.map((ip) => `ip:${ip}`)];
  if (user.document && normaliseUsername(user.document)) throttleKeys.push(`user:${normaliseUsername(user.document)}`);
  await db.deleteFrom('login_failures').where('key', 'in', throttleKeys).execute();

  // credentials
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.deleteFrom('oauth_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('realtime_tickets').where('user_id', '=', userId).execute();
  await db.updateTable('token_families').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();

  await db.updateTable('mailing_list_configs').set({ reply_to: null }).where(lower('reply_to'), '=', sameEmail).execute();
  await db.updateTable('mailing_list_configs').set({ sender_name: '' })
    .where(lower('sender_name'), '=', sql<string>`lower(${user.full_name.trim()})`).execute();

  return {
    certificatePdfs: certificates.map((r) => r.pdf_path!),
    reportFiles: reports.flatMap((r) => (r.file_name ? [r.file_name] : [])),
    mediaResources: [],
  };
}

/** Removes the files anonymizePersonalData handed back; run after the commit (a rollback keeps them). */
export async function removeAnonymizedFiles(storage: FileStorage, files: AnonymizedFiles): Promise<void> {
  for (const pdf of files.certificatePdfs) {
    const key = certificateKey(pdf);
    if (key) await storage.remove(key);
  }
  for (const name of files.reportFiles) await removeReportFile(storage, name);
  // each media upload has a folder of its own (mediaStore)
  for (const resource of files.mediaResources) await removeMediaFolder(storage, resource);
}
