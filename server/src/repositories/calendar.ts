/**
 * The calendar's dated items (spec 1 §2.2 calendar, spec 3 §2 calendar and schedule): when a
 * training's activities open (avaliable_in), a training's last published day (unpublish_date),
 * webcasts' transmissions and live classes' starts. The learner sees those of the trainings they are enrolled in and
 * may still open, and the webcasts of their audience or subscription; the admin's schedule sees
 * the client's. Face-to-face events are the learner's: those they are enrolled in or teach
 * (repositories/presential/calendar.ts). The items administrators write (repositories/scheduleEvents.ts)
 * are the client's in the schedule and their audience's in the learner calendar.
 */
import { CONTENT_STATUS, type CalendarItem } from '@lp/shared/contract';
import { LIVE_CLASS_STATUS, WEBCAST_STATUS, addDays, todayApiDate } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { LiveClassRow } from '../db/tables/liveClass.table.ts';
import { rolesOf, visibleLiveClasses } from './liveClasses/learner.ts';
import { inAudience } from '../content/audience/index.ts';
import { sqlBool } from '../db/computed.ts';
import { visibleTrainings } from './learner/catalogue.ts';
import { audienceMemberOf, type LearnerContext } from './learner/context.ts';
import { trailGrantsTraining } from './trailAudience.ts';
import { presentialItems } from './presential/calendar.ts';
import { clientEventItems, learnerEventItems } from './scheduleEvents.ts';

export interface DayRange { start: string; end: string }

interface TrainingRef { id: number; title: string; unpublish_date: string | null }

/** Activities opening and trainings leaving within the range, for these trainings. */
async function trainingItems(db: Db, trainings: readonly TrainingRef[], range: DayRange, statuses: readonly number[]): Promise<CalendarItem[]> {
  if (trainings.length === 0) return [];
  const ids = trainings.map((t) => t.id);
  const byId = new Map(trainings.map((t) => [t.id, t]));
  const [modules, tests] = await Promise.all([
    db.selectFrom('group_training_modules').select(['id', 'group_training_id', 'title', 'avaliable_in'])
      .where('group_training_id', 'in', ids).where('status', 'in', [...statuses])
      .where('avaliable_in', '>=', range.start).where('avaliable_in', '<=', range.end)
      .execute(),
    db.selectFrom('group_training_tests').select(['id', 'owner_id as group_training_id', 'title', 'avaliable_in'])
      .where('owner_id', 'in', ids).where('status', 'in', [...statuses])
      .where('avaliable_in', '>=', range.start).where('avaliable_in', '<=', range.end)
      .execute(),
  ]);
  const items: CalendarItem[] = [...modules, ...tests].map((a) => {
    const training = byId.get(a.group_training_id)!;
    return {
      kind: 'activity_available', date: a.avaliable_in, starts_at: null, title: a.title,
      training: { id: training.id, title: training.title }, webcast_id: null, live_class_id: null, subscribed: false,
    };
  });
  for (const t of trainings) {
    if (t.unpublish_date && t.unpublish_date >= range.start && t.unpublish_date <= range.end) {
      items.push({ kind: 'training_unpublish', date: t.unpublish_date, starts_at: null, title: t.title, training: { id: t.id, title: t.title }, webcast_id: null, live_class_id: null, subscribed: false });
    }
  }
  return items;
}

/**
 * Transmissions and live class starts are instants shown on their day in the viewer's zone
 * (spec 1 §9): a day either side of the range is read, and the calendar places each one on its own day.
 */
const instantWindow = (range: DayRange) => ({
  from: new Date(`${addDays(range.start, -1)}T00:00:00Z`).toISOString(),
  to: new Date(`${addDays(range.end, 2)}T00:00:00Z`).toISOString(),
});

function webcastWindow(db: Db, clientId: number, range: DayRange) {
  const window = instantWindow(range);
  return db.selectFrom('webcasts').select(['webcasts.id', 'webcasts.title', 'webcasts.transmission_date'])
    .where('webcasts.client_id', '=', clientId)
    .where('webcasts.transmission_date', '>=', window.from)
    .where('webcasts.transmission_date', '<', window.to);
}

const liveClassItem = (c: LiveClassRow, subscribed: boolean): CalendarItem => ({
  kind: 'live_class', date: null, starts_at: c.live_class_date, title: c.title, training: null, webcast_id: null, live_class_id: c.id, subscribed,
});

const byWhen = (a: CalendarItem, b: CalendarItem) =>
  (a.date ?? a.starts_at ?? '').localeCompare(b.date ?? b.starts_at ?? '') || a.title.localeCompare(b.title);

/** The learner's calendar: enrolled trainings they may still open, and webcasts of their audience or subscription. */
export async function learnerCalendar(db: Db, ctx: LearnerContext, range: DayRange): Promise<CalendarItem[]> {
  const member = audienceMemberOf(ctx);
  if (!member) return [];
  const enrolled = (await db.selectFrom('group_training_enrollments').select('group_training_id')
    .where('user_id', '=', ctx.userId).execute()).map((r) => r.group_training_id);
  let trainings: TrainingRef[] = [];
  if (enrolled.length > 0) {
    trainings = await visibleTrainings(db, ctx).select(['group_trainings.id', 'group_trainings.title', 'group_trainings.unpublish_date'])
      .where('group_trainings.id', 'in', enrolled).execute();
    // a training opened to them by a published trail of theirs counts too (spec 2 §2.1 trails/{id_trail}/course/{id})
    const seen = new Set(trainings.map((t) => t.id));
    const others = await db.selectFrom('group_trainings').select(['id', 'title', 'unpublish_date'])
      .where('client_id', '=', ctx.clientId).where('status', '=', CONTENT_STATUS.published)
      .where('id', 'in', enrolled.filter((id) => !seen.has(id)).concat([0])).execute();
    for (const t of others) {
      if (await trailGrantsTraining(db, member, t.id)) trainings.push(t);
    }
  }
  const webcasts = await webcastWindow(db, ctx.clientId, range)
    .select((eb) => eb.exists(eb.selectFrom('webcast_subscribers').select('webcast_subscribers.id')
      .whereRef('webcast_subscribers.webcast_id', '=', 'webcasts.id').where('webcast_subscribers.user_id', '=', ctx.userId)).as('subscribed'))
    .where('webcasts.status', 'in', [WEBCAST_STATUS.published, WEBCAST_STATUS.finished, WEBCAST_STATUS.converting])
    .where((eb) => eb.or([
      inAudience('webcast', member),
      eb.exists(eb.selectFrom('webcast_subscribers').select('webcast_subscribers.id')
        .whereRef('webcast_subscribers.webcast_id', '=', 'webcasts.id').where('webcast_subscribers.user_id', '=', ctx.userId)),
    ]))
    .execute();
  const items = await trainingItems(db, trainings, range, [CONTENT_STATUS.published]);
  // spec 3 §2 calendar: the live classes the learner sees (instructor, participant, or an open class's audience)
  const window = instantWindow(range);
  const classes = await visibleLiveClasses(db, ctx, todayApiDate())
    .where('live_classes.live_class_date', '>=', window.from).where('live_classes.live_class_date', '<', window.to).execute();
  const roles = await rolesOf(db, ctx.userId, classes.map((c) => c.id));
  for (const c of classes) items.push(liveClassItem(c, roles.get(c.id) === 'participant'));
  items.push(...await presentialItems(db, ctx, instantWindow(range)));
  // spec 1 §2.3 schedule/{id}: the administrators' calendar items of the learner's audience
  items.push(...await learnerEventItems(db, member, window));
  for (const w of webcasts) {
    items.push({
      kind: 'webcast', date: null, starts_at: w.transmission_date, title: w.title, training: null, webcast_id: w.id, live_class_id: null,
      subscribed: sqlBool(w.subscribed),
    });
  }
  return items.sort(byWhen);
}

/** The admin's schedule: the client's trainings and webcasts that are not deleted (unpublished ones are planned work). */
export async function clientSchedule(db: Db, clientId: number, range: DayRange): Promise<CalendarItem[]> {
  const trainings = await db.selectFrom('group_trainings').select(['id', 'title', 'unpublish_date'])
    .where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .where((eb) => eb.or([
      eb.and([eb('unpublish_date', '>=', range.start), eb('unpublish_date', '<=', range.end)]),
      eb.exists(eb.selectFrom('group_training_modules as m').select('m.id').whereRef('m.group_training_id', '=', 'group_trainings.id')
        .where('m.avaliable_in', '>=', range.start).where('m.avaliable_in', '<=', range.end)),
      eb.exists(eb.selectFrom('group_training_tests as t').select('t.id').whereRef('t.owner_id', '=', 'group_trainings.id')
        .where('t.avaliable_in', '>=', range.start).where('t.avaliable_in', '<=', range.end)),
    ]))
    .execute();
  const items = await trainingItems(db, trainings, range, [CONTENT_STATUS.published, CONTENT_STATUS.unpublished]);
  const webcasts = await webcastWindow(db, clientId, range).where('webcasts.status', '!=', WEBCAST_STATUS.deleted).execute();
  const window = instantWindow(range);
  const classes = await db.selectFrom('live_classes').selectAll()
    .where('client_id', '=', clientId).where('status', '!=', LIVE_CLASS_STATUS.deleted)
    .where('live_class_date', '>=', window.from).where('live_class_date', '<', window.to).execute();
  for (const c of classes) items.push(liveClassItem(c, false));
  items.push(...await clientEventItems(db, clientId, window));
  for (const w of webcasts) {
    items.push({ kind: 'webcast', date: null, starts_at: w.transmission_date, title: w.title, training: null, webcast_id: w.id, live_class_id: null, subscribed: false });
  }
  return items.sort(byWhen);
}

