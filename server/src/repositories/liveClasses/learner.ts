/**
 * Live classes as learners meet them (spec 3 §2 learner list and detail; spec 1 §2.2 filters
 * search, tags, areas, groups, all_tags, all_areas). A learner sees a class of their client that is
 * Published or Finished (spec 3 §4), not past its date_to_unpublish, when they are its instructor,
 * one of its participants, or — an open class — in its audience (the content rule of
 * content/audience). A closed class is for its invitees only (spec 3 §6 "guests/invitees (only
 * they join … closed live classes)").
 */
import { sql, type SqlBool } from 'kysely';
import type { LearnerLiveClassCard, LiveClassCatalogueQuery } from '@lp/shared/contract';
import {
  LIVE_CLASS_STATUS, effectiveLiveClassScore, formatTransmissionDate, mayUnsubscribe, roomIsOpen, roomOpensAt, subscribeRefusal, vacanciesLeft,
  type LiveClassRoleValue,
} from '@lp/shared/rules';
import { inAudience, linkedTo, tagNames, tagsUsedBy } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import type { LiveClassRow } from '../../db/tables/liveClass.table.ts';
import { audienceMemberOf, type LearnerContext } from '../learner/context.ts';
import { audienceOrTrail } from '../trailAudience.ts';
import { participantCounts } from './classes.ts';

export const LEARNER_LIVE_CLASS_STATUSES = [LIVE_CLASS_STATUS.published, LIVE_CLASS_STATUS.finished];

/**
 * The classes the learner may open; nothing when the user is not a member of the selected client.
 * An open class's own page (`throughTrails`) also opens when a published trail of theirs holds it
 * (spec 2 §2.4, trailAudience.ts); a closed class stays its invitees' only.
 */
export function visibleLiveClasses(db: Db, ctx: LearnerContext, today: string, throughTrails = false) {
  const member = audienceMemberOf(ctx);
  // someone outside the client sees none of its classes, whatever rows name them
  const clientId = ctx.member ? ctx.clientId : -1;
  return db.selectFrom('live_classes').selectAll('live_classes')
    .where('live_classes.client_id', '=', clientId)
    .where('live_classes.status', 'in', LEARNER_LIVE_CLASS_STATUSES)
    .where((eb) => eb.or([eb('live_classes.date_to_unpublish', 'is', null), eb('live_classes.date_to_unpublish', '>=', today)]))
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('live_class_instructors as i').select('i.user_id')
        .whereRef('i.live_class_id', '=', 'live_classes.id').where('i.user_id', '=', ctx.userId)),
      eb.exists(eb.selectFrom('live_class_participants as p').select('p.id')
        .whereRef('p.live_class_id', '=', 'live_classes.id').where('p.user_id', '=', ctx.userId)),
      eb.and([
        eb('live_classes.live_class_type', '=', 'open'),
        throughTrails ? audienceOrTrail('live_class', 'live_classes.id', member) : inAudience('live_class', member),
      ]),
    ]));
}

export async function findLearnerLiveClass(db: Db, ctx: LearnerContext, id: number, today: string): Promise<LiveClassRow | undefined> {
  return visibleLiveClasses(db, ctx, today, true).where('live_classes.id', '=', id).executeTakeFirst();
}

const ids = (text: string | undefined): number[] => [...new Set((text ?? '').split(',').filter(Boolean).map(Number).filter((n) => n > 0))];

export function applyFilters(db: Db, ctx: LearnerContext, query: LiveClassCatalogueQuery, today: string) {
  let qb = visibleLiveClasses(db, ctx, today);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb = qb.where(sql<SqlBool>`lower(live_classes.title) like ${pattern} escape '\\'`);
  }
  const tags = ids(query.tags);
  if (tags.length) qb = qb.where(linkedTo('live_class', 'tags', tags, { all: query.all_tags === true }));
  const areas = ids(query.areas);
  if (areas.length) qb = qb.where(linkedTo('live_class', 'areas', areas, { all: query.all_areas === true }));
  const groups = ids(query.groups);
  if (groups.length) qb = qb.where(linkedTo('live_class', 'user_groups', groups));
  return qb;
}

/** A page (the next class first, then the past ones newest first is left to the portal's grouping: by date) and the count. */
export async function learnerLiveClassPage(db: Db, ctx: LearnerContext, query: LiveClassCatalogueQuery, today: string, page: { offset: number; limit: number }) {
  const base = applyFilters(db, ctx, query, today);
  const [total, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.orderBy('live_classes.live_class_date', 'desc').orderBy('live_classes.id', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { count: Number(total.n), rows };
}

export async function learnerLiveClassTags(db: Db, ctx: LearnerContext, today: string): Promise<Array<{ id: number; name: string }>> {
  return tagsUsedBy(db, 'live_class', ctx.clientId, visibleLiveClasses(db, ctx, today).clearSelect().select('live_classes.id'));
}

/** How the learner stands in each class: instructor first, then participant. */
export async function rolesOf(db: Db, userId: number, classIds: readonly number[]): Promise<Map<number, LiveClassRoleValue>> {
  const out = new Map<number, LiveClassRoleValue>();
  if (classIds.length === 0) return out;
  const [taught, joined] = await Promise.all([
    db.selectFrom('live_class_instructors').select('live_class_id').where('user_id', '=', userId).where('live_class_id', 'in', [...classIds]).execute(),
    db.selectFrom('live_class_participants').select('live_class_id').where('user_id', '=', userId).where('live_class_id', 'in', [...classIds]).execute(),
  ]);
  for (const id of classIds) out.set(id, 'none');
  for (const r of joined) out.set(r.live_class_id, 'participant');
  for (const r of taught) out.set(r.live_class_id, 'instructor');
  return out;
}

/** The cards of the rows, in their order. */
export async function liveClassCards(db: Db, ctx: LearnerContext, rows: LiveClassRow[], now: Date): Promise<LearnerLiveClassCard[]> {
  const idList = rows.map((r) => r.id);
  if (idList.length === 0) return [];
  const [tags, counts, roles] = await Promise.all([tagNames(db, 'live_class', idList), participantCounts(db, idList), rolesOf(db, ctx.userId, idList)]);
  return rows.map((r) => {
    const start = new Date(r.live_class_date);
    const timing = { live_class_type: r.live_class_type, status: r.status, start };
    const role = roles.get(r.id) ?? 'none';
    const taken = counts.get(r.id) ?? 0;
    const refusal = subscribeRefusal({ ...timing, maximum: r.maximum_participants, taken }, now);
    return {
      id: r.id,
      title: r.title,
      live_class_type: r.live_class_type,
      live_class_date: formatTransmissionDate(start, r.timezone),
      timezone: r.timezone,
      status: r.status,
      score: effectiveLiveClassScore(r.score),
      workload: Number(r.workload),
      tags: tags.get(r.id) ?? [],
      role,
      maximum_participants: r.maximum_participants,
      vacancies: r.live_class_type === 'open' ? vacanciesLeft(r.maximum_participants, taken) : null,
      sold_out: r.live_class_type === 'open' && refusal === 'no_vacancy' && role === 'none',
      can_subscribe: role === 'none' && refusal === null,
      can_unsubscribe: role === 'participant' && mayUnsubscribe(timing, now),
      room_open: roomIsOpen(timing, role, now),
      room_opens_at: roomOpensAt(timing, role === 'none' ? 'participant' : role).toISOString(),
      finished: r.status === LIVE_CLASS_STATUS.finished,
    };
  });
}

/** The class's instructors as the detail names them (spec 3 §2), by name. */
export async function instructorNames(db: Db, liveClassId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.selectFrom('live_class_instructors as i').innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['u.id', 'u.full_name', 'u.nick_name']).where('i.live_class_id', '=', liveClassId).orderBy('u.full_name').execute();
  return rows.map((row) => ({ id: row.id, name: row.nick_name || row.full_name }));
}

/** The learner's participant row: when they entered, and whether they completed. */
export async function participation(db: Db, liveClassId: number, userId: number) {
  return db.selectFrom('live_class_participants').select(['entered_at', 'completed_at'])
    .where('live_class_id', '=', liveClassId).where('user_id', '=', userId).executeTakeFirst();
}
