/**
 * An event's presential test window (issue 17 item 2): the instructor opens it with a fresh
 * random token (the QR code's) and closes it; the token stays on the row so a code replayed
 * after the close is recognised and refused, and a new opening makes the old code useless.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { PresentialEventRow } from '../../db/tables/presential.table.ts';
import { EVENT_STATUS } from './events.ts';

/** The client's active event, by id. */
export async function activeEvent(db: Db, clientId: number, eventId: number): Promise<PresentialEventRow | undefined> {
  return db.selectFrom('presential_events').selectAll().where('id', '=', eventId).where('client_id', '=', clientId)
    .where('status', '=', EVENT_STATUS.active).executeTakeFirst();
}

/** The client's active event whose window carries this token (open or closed). */
export async function eventByWindowToken(db: Db, clientId: number, token: string): Promise<PresentialEventRow | undefined> {
  return db.selectFrom('presential_events').selectAll().where('test_window_token', '=', token)
    .where('client_id', '=', clientId).where('status', '=', EVENT_STATUS.active).executeTakeFirst();
}

/** The user teaches the event, or its appointment. */
export async function teachesEvent(db: Db, event: Pick<PresentialEventRow, 'id' | 'appointment_id'>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('presential_event_instructors').select('user_id').where('event_id', '=', event.id).where('user_id', '=', userId)
    .union(db.selectFrom('presential_appointment_instructors').select('user_id').where('appointment_id', '=', event.appointment_id).where('user_id', '=', userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Opens the window with a new token, unless it is open already (then it stays as it is). */
export async function openWindow(db: Db, eventId: number, userId: number, now: Date): Promise<void> {
  await db.updateTable('presential_events').set({
    test_window_token: randomBytes(18).toString('base64url'), test_window_opened_at: now, test_window_closed_at: null, test_window_opened_by: userId, updated_at: now,
  }).where('id', '=', eventId).where((eb) => eb.or([eb('test_window_token', 'is', null), eb('test_window_closed_at', 'is not', null)])).execute();
}

export async function closeWindow(db: Db, eventId: number, now: Date): Promise<void> {
  await db.updateTable('presential_events').set({ test_window_closed_at: now, updated_at: now })
    .where('id', '=', eventId).where('test_window_token', 'is not', null).where('test_window_closed_at', 'is', null).execute();
}
