/**
 * Live classes as the admin edits them (spec 3 §3 "Live class"; docs/api.md "Live classes"):
 * the class row, its audience and tags, its instructors and — for a closed class — its invitees.
 * Every query is scoped to the selected client.
 */
import { randomBytes } from 'node:crypto';
import type { LiveClass, LiveClassListItem, LiveClassType } from '@lp/shared/contract';
import { LIVE_CLASS_STATUS, effectiveLiveClassScore, formatTransmissionDate, hasStarted } from '@lp/shared/rules';
import { copyAudience, readAudience, tagNames, writeAudience } from '../../content/audience/index.ts';
import { LIVE_CLASS_OWNER } from '../../content/owners.ts';
import { ownedDb } from '../../content/ownedDb.ts';
import { copyOwnedContent } from '../../content/repository/copy.ts';
import type { Db } from '../../db/database.ts';
import type { LiveClassRow } from '../../db/tables/liveClass.table.ts';

/** A fresh unguessable room key (120 bits): the Jitsi room name is built from it (spec 3 §2 rooms). */
export const newRoomKey = (): string => randomBytes(15).toString('base64url');

/** The selected client's class that is not deleted. */
export async function findLiveClass(db: Db, clientId: number, id: number): Promise<LiveClassRow | undefined> {
  return db.selectFrom('live_classes').selectAll()
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', LIVE_CLASS_STATUS.deleted)
    .executeTakeFirst();
}

/** Everything the editor stores, in storage terms. */
export interface LiveClassState {
  title: string;
  description: string;
  live_class_type: LiveClassType;
  live_class_date: Date;
  timezone: string;
  stream_type_id: number;
  transmission_url: string | null;
  maximum_participants: number | null;
  score: number | null;
  workload: number;
  date_to_unpublish: string | null;
  status: number;
  instructors: number[];
  /** closed class: the guest list that replaces the participants; null leaves them */
  invitees: number[] | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

export async function participantCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('live_class_participants').select((eb) => ['live_class_id', eb.fn.countAll<number>().as('n')])
    .where('live_class_id', 'in', [...ids]).groupBy('live_class_id').execute();
  return new Map(rows.map((r) => [r.live_class_id, Number(r.n)]));
}

export async function instructorIds(db: Db, liveClassId: number): Promise<number[]> {
  const rows = await db.selectFrom('live_class_instructors').select('user_id').where('live_class_id', '=', liveClassId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

/** The instructors with their names and e-mails (the editor shows them as chips). */
export async function instructorsOf(db: Db, liveClassId: number): Promise<Array<{ id: number; full_name: string; email: string }>> {
  const rows = await db.selectFrom('live_class_instructors').innerJoin('users', 'users.id', 'live_class_instructors.user_id')
    .select(['users.id', 'users.full_name', 'users.email']).where('live_class_instructors.live_class_id', '=', liveClassId)
    .orderBy('users.id').execute();
  return rows.map((r) => ({ id: r.id, full_name: r.full_name, email: r.email ?? '' }));
}

export async function participantIds(db: Db, liveClassId: number): Promise<number[]> {
  const rows = await db.selectFrom('live_class_participants').select('user_id').where('live_class_id', '=', liveClassId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

/** The stored values of a class, as the write path merges a request into them. */
export async function liveClassState(db: Db, row: LiveClassRow): Promise<LiveClassState & { participants: number[] }> {
  const [audience, instructors, participants] = await Promise.all([
    readAudience(db, 'live_class', row.id), instructorIds(db, row.id), participantIds(db, row.id),
  ]);
  return {
    title: row.title,
    description: row.description,
    live_class_type: row.live_class_type,
    live_class_date: new Date(row.live_class_date),
    timezone: row.timezone,
    stream_type_id: row.stream_type_id,
    transmission_url: row.transmission_url,
    maximum_participants: row.maximum_participants,
    score: row.score,
    workload: Number(row.workload),
    date_to_unpublish: row.date_to_unpublish,
    status: row.status,
    instructors,
    invitees: row.live_class_type === 'closed' ? participants : null,
    participants,
    ...audience,
  };
}

/** The class in the GET L/ shape (spec 3 §3). */
export async function loadLiveClass(db: Db, clientId: number, id: number, now: Date): Promise<LiveClass | undefined> {
  const row = await db.selectFrom('live_classes').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return undefined;
  const [audience, instructorsList, participants] = await Promise.all([
    readAudience(db, 'live_class', id), instructorsOf(db, id), participantIds(db, id),
  ]);
  const start = new Date(row.live_class_date);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    live_class_type: row.live_class_type,
    live_class_date: formatTransmissionDate(start, row.timezone),
    timezone: row.timezone,
    stream_type: row.stream_type_id,
    transmission_url: row.transmission_url,
    maximum_participants: row.maximum_participants,
    invitees: row.live_class_type === 'closed' ? participants : [],
    instructors: instructorsList.map((u) => u.id),
    instructors_list: instructorsList,
    score: row.score,
    effective_score: effectiveLiveClassScore(row.score),
    workload: Number(row.workload),
    date_to_unpublish: row.date_to_unpublish,
    status: row.status,
    tags: audience.tags,
    areas: audience.areas,
    profiles: audience.profiles,
    user_groups: audience.user_groups,
    qty_participants: participants.length,
    started: hasStarted(start, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function rowValues(state: LiveClassState) {
  return {
    title: state.title,
    description: state.description,
    live_class_type: state.live_class_type,
    live_class_date: state.live_class_date,
    timezone: state.timezone,
    stream_type_id: state.stream_type_id,
    transmission_url: state.transmission_url,
    maximum_participants: state.maximum_participants,
    score: state.score,
    workload: state.workload,
    date_to_unpublish: state.date_to_unpublish,
    status: state.status,
  };
}

/** Instructors, invitees (closed class) and audience: what the row's save writes beside it. */
async function writeLinks(db: Db, id: number, state: LiveClassState): Promise<void> {
  await db.deleteFrom('live_class_instructors').where('live_class_id', '=', id).execute();
  if (state.instructors.length) {
    await db.insertInto('live_class_instructors').values(state.instructors.map((user_id) => ({ live_class_id: id, user_id }))).execute();
  }
  if (state.invitees !== null) {
    // the guest list replaces the participants; those kept keep their row (entered, completed)
    const keep = [...new Set(state.invitees)];
    let gone = db.deleteFrom('live_class_participants').where('live_class_id', '=', id);
    if (keep.length) gone = gone.where('user_id', 'not in', keep);
    await gone.execute();
    if (keep.length) {
      const now = new Date();
      await db.insertInto('live_class_participants').values(keep.map((user_id) => ({ live_class_id: id, user_id, created_at: now })))
        .onConflict((oc) => oc.columns(['live_class_id', 'user_id']).doNothing()).execute();
    }
  }
  await writeAudience(db, 'live_class', id, state);
}

export async function insertLiveClass(db: Db, clientId: number, createdBy: number, state: LiveClassState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('live_classes').values({
    client_id: clientId, ...rowValues(state), room_key: newRoomKey(), created_by: createdBy, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, row.id, state);
  return row.id;
}

export async function updateLiveClass(db: Db, clientId: number, id: number, state: LiveClassState): Promise<boolean> {
  const res = await db.updateTable('live_classes').set({ ...rowValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', LIVE_CLASS_STATUS.deleted).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeLinks(db, id, state);
  return true;
}

/** Soft delete (status 3): the class leaves every list; its rows stay for the certificates issued. */
export async function deleteLiveClass(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('live_classes').set({ status: LIVE_CLASS_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', LIVE_CLASS_STATUS.deleted).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Duplicate: the class with its audience, instructors, a closed class's guest list, and its owned
 * content (tests, evaluations, materials) — unpublished, with a room of its own and no subscribers,
 * entries or results. In a transaction.
 */
export async function duplicateLiveClass(db: Db, clientId: number, sourceId: number, userId: number, title: string): Promise<number | null> {
  const source = await findLiveClass(db, clientId, sourceId);
  if (!source) return null;
  const now = new Date();
  const { id: _id, ...copy } = source;
  const { id: newId } = await db.insertInto('live_classes').values({
    ...copy, title, status: LIVE_CLASS_STATUS.unpublished, room_key: newRoomKey(), created_by: userId, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await copyAudience(db, 'live_class', sourceId, newId);
  const instructors = await instructorIds(db, sourceId);
  if (instructors.length) await db.insertInto('live_class_instructors').values(instructors.map((user_id) => ({ live_class_id: newId, user_id }))).execute();
  if (source.live_class_type === 'closed') {
    const invitees = await participantIds(db, sourceId);
    if (invitees.length) await db.insertInto('live_class_participants').values(invitees.map((user_id) => ({ live_class_id: newId, user_id, created_at: now }))).execute();
  }
  await copyOwnedContent(ownedDb(db, LIVE_CLASS_OWNER), sourceId, newId);
  return newId;
}

/** The admin list's base query: the client's classes, deleted ones only through the status filter. */
export function liveClassListQuery(db: Db, clientId: number, narrow: { status?: number; statusFiltered: boolean; type?: LiveClassType; streamType?: number }) {
  let qb = db.selectFrom('live_classes')
    .select(['live_classes.id', 'live_classes.title', 'live_classes.live_class_type', 'live_classes.live_class_date', 'live_classes.timezone',
      'live_classes.stream_type_id', 'live_classes.status', 'live_classes.maximum_participants', 'live_classes.created_at', 'live_classes.updated_at'])
    .where('live_classes.client_id', '=', clientId);
  if (narrow.status !== undefined) qb = qb.where('live_classes.status', '=', narrow.status);
  else if (!narrow.statusFiltered) qb = qb.where('live_classes.status', '!=', LIVE_CLASS_STATUS.deleted);
  if (narrow.type !== undefined) qb = qb.where('live_classes.live_class_type', '=', narrow.type);
  if (narrow.streamType !== undefined) qb = qb.where('live_classes.stream_type_id', '=', narrow.streamType);
  return qb;
}
type ListRow = Awaited<ReturnType<ReturnType<typeof liveClassListQuery>['execute']>>[number];

export async function toListItems(db: Db, rows: ListRow[]): Promise<LiveClassListItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [tags, counts] = await Promise.all([tagNames(db, 'live_class', ids), participantCounts(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    live_class_type: r.live_class_type,
    live_class_date: formatTransmissionDate(new Date(r.live_class_date), r.timezone),
    timezone: r.timezone,
    stream_type: r.stream_type_id,
    status: r.status,
    maximum_participants: r.maximum_participants,
    qty_participants: counts.get(r.id) ?? 0,
    tags: tags.get(r.id) ?? [],
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/** spec 1 §3.8 live_class_platform_types, by id. */
export async function platformTypes(db: Db) {
  return db.selectFrom('live_class_platform_types').selectAll().orderBy('id').execute();
}

/** The ids among `userIds` that are not members of the client (user_clients). */
export async function nonMembers(db: Db, clientId: number, userIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', 'in', ids).execute();
  const members = new Set(rows.map((r) => r.user_id));
  return ids.filter((id) => !members.has(id));
}

/**
 * date_to_unpublish (spec 3 §3), as for webcasts (spec 4 "Dates": the stored day is the last
 * published one): a published class whose day has passed becomes unpublished. Finished classes
 * stay: their reaction tests and certificates remain. Idempotent; run by the hourly unpublish job.
 */
export async function unpublishDueLiveClasses(db: Db, today: string): Promise<number> {
  const res = await db.updateTable('live_classes').set({ status: LIVE_CLASS_STATUS.unpublished, updated_at: new Date() })
    .where('status', '=', LIVE_CLASS_STATUS.published)
    .where('date_to_unpublish', 'is not', null)
    .where('date_to_unpublish', '<', today)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
