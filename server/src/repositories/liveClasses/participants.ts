/**
 * A class's participants — the subscribers of an open class, the invitees of a closed one — and
 * the seats they take (spec 3 §5 "Subscribers/enrolled users may not exceed the maximum", §9).
 * Seats are decided under a lock on the class row: on Postgres `select … for update` makes
 * concurrent subscriptions to one class wait for each other, and SQLite runs one transaction at a
 * time on its single connection, so counting and inserting in one transaction never oversells.
 */
import { LIVE_CLASS_STATUS, subscribeRefusal, type SubscribeRefusal } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { LiveClassRow } from '../../db/tables/liveClass.table.ts';

/** The class row, locked until the transaction ends (Postgres); SQLite's writer is already alone. */
export async function lockLiveClass(trx: Db, clientId: number, id: number): Promise<LiveClassRow | undefined> {
  let q = trx.selectFrom('live_classes').selectAll()
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', LIVE_CLASS_STATUS.deleted);
  if (dialectOf(trx) === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function countParticipants(db: Db, liveClassId: number): Promise<number> {
  const row = await db.selectFrom('live_class_participants').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('live_class_id', '=', liveClassId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export type SubscribeOutcome = { ok: true; taken: number } | { ok: false; refusal: SubscribeRefusal | 'already' };

/**
 * A learner takes a seat of an open class (spec 3 §9: until 15 minutes after the start, while
 * below the limit). Run in a transaction: the class row is locked first.
 */
export async function subscribe(trx: Db, clientId: number, liveClassId: number, userId: number, now: Date): Promise<SubscribeOutcome> {
  const row = await lockLiveClass(trx, clientId, liveClassId);
  if (!row) return { ok: false, refusal: 'live_class_not_available' };
  const mine = await trx.selectFrom('live_class_participants').select('id')
    .where('live_class_id', '=', liveClassId).where('user_id', '=', userId).executeTakeFirst();
  if (mine) return { ok: false, refusal: 'already' };
  const taken = await countParticipants(trx, liveClassId);
  const refusal = subscribeRefusal({
    live_class_type: row.live_class_type, status: row.status, start: new Date(row.live_class_date), maximum: row.maximum_participants, taken,
  }, now);
  if (refusal) return { ok: false, refusal };
  await trx.insertInto('live_class_participants').values({ live_class_id: liveClassId, user_id: userId, created_at: now }).execute();
  return { ok: true, taken: taken + 1 };
}

/** Frees the learner's seat; answers whether one was held. */
export async function unsubscribe(db: Db, liveClassId: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('live_class_participants').where('live_class_id', '=', liveClassId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export type BulkAddOutcome = { ok: true; changed: number; taken: number } | { ok: false; taken: number };

/**
 * The admin adds subscribers in bulk: all of them or none, within the seats (spec 3 §5
 * "Enrolled users exceed the limit"). Users already subscribed are skipped. In a transaction.
 */
export async function addParticipants(trx: Db, row: LiveClassRow, userIds: readonly number[], now: Date): Promise<BulkAddOutcome> {
  const current = new Set((await trx.selectFrom('live_class_participants').select('user_id').where('live_class_id', '=', row.id).execute()).map((r) => r.user_id));
  const fresh = [...new Set(userIds)].filter((id) => !current.has(id));
  const taken = current.size;
  if (row.maximum_participants !== null && taken + fresh.length > row.maximum_participants) return { ok: false, taken };
  if (fresh.length) {
    await trx.insertInto('live_class_participants').values(fresh.map((user_id) => ({ live_class_id: row.id, user_id, created_at: now }))).execute();
  }
  return { ok: true, changed: fresh.length, taken: taken + fresh.length };
}

export async function removeParticipants(db: Db, liveClassId: number, userIds: readonly number[]): Promise<number> {
  const res = await db.deleteFrom('live_class_participants').where('live_class_id', '=', liveClassId).where('user_id', 'in', [...new Set(userIds)]).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The participants in the order they joined, with their profile's name in the class's client. */
export function participantListQuery(db: Db, clientId: number, liveClassId: number) {
  return db.selectFrom('live_class_participants as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_clients as uc', (join) => join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', clientId))
    .leftJoin('profiles as p', 'p.id', 'uc.profile_id')
    .select(['s.id', 's.created_at', 's.entered_at', 'u.id as user_id', 'u.full_name', 'u.email', 'p.name as profile'])
    .where('s.live_class_id', '=', liveClassId);
}
type ParticipantRow = Awaited<ReturnType<ReturnType<typeof participantListQuery>['execute']>>[number];

export const toParticipant = (r: ParticipantRow) => ({
  id: r.id,
  user: { id: r.user_id, name: r.full_name, email: r.email, profile: r.profile },
  subscribed_at: r.created_at,
  entered_at: r.entered_at,
});

/** The first time a participant is given the room (the attendance a certificate rests on). */
export async function markEntered(db: Db, liveClassId: number, userId: number, now: Date): Promise<void> {
  await db.updateTable('live_class_participants').set({ entered_at: now })
    .where('live_class_id', '=', liveClassId).where('user_id', '=', userId).where('entered_at', 'is', null).execute();
}
