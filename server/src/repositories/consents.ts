import type { ConsentKind, UserConsent } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { UserConsentRow } from '../db/tables/report.table.ts';

export interface NewConsent {
  userId: number;
  clientId: number;
  kind: ConsentKind;
  version: string;
  accepted: boolean;
  ip: string | null;
  userAgent: string | null;
}

function toUserConsent(r: UserConsentRow): UserConsent {
  return {
    id: r.id,
    kind: r.kind as ConsentKind,
    version: r.version,
    accepted: r.accepted,
    created_at: r.created_at,
    ip: r.ip,
    user_agent: r.user_agent,
  };
}

/** Every decision is a new row: the history is what the consent viewing shows (spec 1 §2.3). */
export async function recordConsent(db: Db, c: NewConsent): Promise<UserConsent> {
  const row = await db.insertInto('user_consents').values({
    user_id: c.userId,
    client_id: c.clientId,
    kind: c.kind,
    version: c.version.trim(),
    accepted: c.accepted,
    ip: c.ip?.slice(0, 64) ?? null,
    user_agent: c.userAgent?.slice(0, 512) ?? null,
    created_at: new Date(),
  }).returningAll().executeTakeFirstOrThrow();
  return toUserConsent(row);
}

/** A user's consent history in one client, newest first. */
export async function listConsents(db: Db, userId: number, clientId: number): Promise<UserConsent[]> {
  const rows = await db.selectFrom('user_consents').selectAll()
    .where('user_id', '=', userId).where('client_id', '=', clientId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map(toUserConsent);
}

/**
 * The version of the client's terms and conditions a learner accepts: when any language of them
 * was last changed (an edit of the terms asks everyone again, issue "terms"); null while the
 * client has no terms.
 */
export async function termsVersion(db: Db, clientId: number): Promise<string | null> {
  const rows = await db.selectFrom('legal_texts').select('updated_at')
    .where('client_id', '=', clientId).where('kind', '=', 'terms').execute();
  if (rows.length === 0) return null;
  return new Date(Math.max(...rows.map((r) => new Date(r.updated_at).getTime()))).toISOString();
}

/**
 * spec 1 §3.1 accept_terms_and_conditions: the latest decision about the client's terms accepts
 * their current version. A client without terms has nothing to accept.
 */
export async function termsAccepted(db: Db, userId: number, clientId: number, current: string | null): Promise<boolean> {
  if (current === null) return true;
  const latest = await db.selectFrom('user_consents').select(['accepted', 'version'])
    .where('user_id', '=', userId).where('client_id', '=', clientId).where('kind', '=', 'terms')
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .executeTakeFirst();
  return latest !== undefined && latest.accepted && latest.version === current;
}
