/**
 * One-use tickets that open /api/realtime (DESIGN "Realtime"): a browser WebSocket cannot send
 * an Authorization header, and an access token in a URL ends up in logs. A ticket is asked for
 * with the bearer token, lives 30 s, works once, and may be used on any node (it is in the
 * database). It carries the asking request's selected client and permissions.
 */
import type { AccessSubject } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { canLogIn } from './users.ts';

export interface TicketIssue {
  userId: number;
  familyId: string;
  clientId: number | null;
  subject: AccessSubject;
  ttlSeconds: number;
  /** when the access token that asked for it expires */
  sessionExpiresAt: Date;
}

export interface TicketHolder {
  userId: number;
  familyId: string;
  clientId: number | null;
  subject: AccessSubject;
  sessionExpiresAt: Date;
}

export async function issueTicket(db: Db, issue: TicketIssue, now = new Date()): Promise<string> {
  const ticket = newToken();
  // the table only ever holds the tickets of the last half minute
  await db.deleteFrom('realtime_tickets').where('expires_at', '<', now.toISOString()).execute();
  await db.insertInto('realtime_tickets').values({
    ticket_hash: hashToken(ticket),
    user_id: issue.userId,
    family_id: issue.familyId,
    client_id: issue.clientId,
    subject: JSON.stringify(issue.subject),
    expires_at: new Date(now.getTime() + issue.ttlSeconds * 1000),
    session_expires_at: issue.sessionExpiresAt,
  }).execute();
  return ticket;
}

/** Takes the ticket (it works once); null when unknown, already used, expired, or its login was revoked since. */
export async function consumeTicket(db: Db, ticket: string, now = new Date()): Promise<TicketHolder | null> {
  const row = await db.deleteFrom('realtime_tickets').where('ticket_hash', '=', hashToken(ticket)).returningAll().executeTakeFirst();
  if (!row || new Date(row.expires_at) <= now || new Date(row.session_expires_at) <= now) return null;
  const family = await db.selectFrom('token_families').innerJoin('users', 'users.id', 'token_families.user_id')
    .select(['token_families.revoked_at', 'token_families.expires_at', 'users.status'])
    .where('token_families.id', '=', row.family_id).executeTakeFirst();
  if (!family || family.revoked_at || new Date(family.expires_at) <= now || !canLogIn(family.status)) return null;
  return {
    userId: row.user_id,
    familyId: row.family_id,
    clientId: row.client_id,
    subject: row.subject,
    sessionExpiresAt: new Date(row.session_expires_at),
  };
}

/** When the presented access token expires (the ticket's socket must not outlive it). */
export async function accessTokenExpiry(db: Db, accessToken: string): Promise<Date | null> {
  const row = await db.selectFrom('oauth_tokens').select('expires_at')
    .where('token_hash', '=', hashToken(accessToken)).where('kind', '=', 'access').executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}

/** Of these logins, the ones still valid: not revoked nor expired, their user still allowed in (the realtime sweep). */
export async function liveFamilies(db: Db, familyIds: string[], now = new Date()): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < familyIds.length; i += 500) {
    const rows = await db.selectFrom('token_families').innerJoin('users', 'users.id', 'token_families.user_id')
      .select(['token_families.id', 'token_families.expires_at', 'users.status'])
      .where('token_families.id', 'in', familyIds.slice(i, i + 500)).where('token_families.revoked_at', 'is', null).execute();
    for (const r of rows) if (new Date(r.expires_at) > now && canLogIn(r.status)) live.add(r.id);
  }
  return live;
}
