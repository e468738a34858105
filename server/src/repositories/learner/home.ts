/**
 * The learner's home (spec 1 §2.2 "highlights/next steps, pending and finished courses and trails,
 * my score, points statement, ranking, statistics and schedule"): the same cards as the catalogue
 * and the trails list, chosen from the learner's standing, and the next items of their calendar.
 */
import { sql } from 'kysely';
import { CONTENT_STATUS, type HomeDashboard, type LearnerTrainingCard } from '@lp/shared/contract';
import { HOME_BLOCKS, HOME_SCHEDULE, addDays, upcomingSchedule, type HomeBlock } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { learnerCalendar } from '../calendar.ts';
import type { EnrollmentStatus } from '../../db/tables/learning.table.ts';
import { trainingCards, visibleTrainings } from './catalogue.ts';
import { countValidCertificates } from './certificates.ts';
import type { LearnerContext } from './context.ts';
import { myPoints, myPosition } from './points.ts';
import { trailCards, visibleTrails } from './trails.ts';
import { learnerSurveyCards } from '../surveys/learner.ts';
import { learnerDrillCards } from '../drills/learner.ts';
import { learnerGeneralTestCard, openGeneralTests } from '../generalTests/learner.ts';

/** Cards per list on the home (the pages behind them list everything). */
const HOME_LIST_SIZE = 6;
/** "Highlights / next steps": a short row. */
const NEXT_STEPS_SIZE = 3;

/** Trainings the learner is in, in the given states, most recent first. */
function enrolledTrainings(db: Db, ctx: LearnerContext, states: readonly EnrollmentStatus[], order: 'last_activity_at' | 'completed_at') {
  return visibleTrainings(db, ctx)
    .innerJoin('group_training_enrollments as e', (join) => join.onRef('e.group_training_id', '=', 'group_trainings.id').on('e.user_id', '=', ctx.userId))
    .where('e.status', 'in', [...states])
    .selectAll('group_trainings')
    .orderBy(`e.${order}`, 'desc').orderBy('group_trainings.id', 'desc')
    .limit(HOME_LIST_SIZE)
    .execute();
}

/** Trainings the learner has not started, newest first, mandatory ones first (stable). */
async function notStarted(db: Db, ctx: LearnerContext): Promise<LearnerTrainingCard[]> {
  const fresh = await visibleTrainings(db, ctx)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('group_training_enrollments as e').select('e.id')
      .whereRef('e.group_training_id', '=', 'group_trainings.id').where('e.user_id', '=', ctx.userId)
      .where('e.status', '!=', 'not_started'))))
    .selectAll('group_trainings')
    .orderBy(sql`coalesce(${sql.ref('group_trainings.published_at')}, ${sql.ref('group_trainings.created_at')})`, 'desc')
    .orderBy('group_trainings.id', 'desc')
    .limit(HOME_LIST_SIZE)
    .execute();
  const cards = await trainingCards(db, ctx, fresh);
  return [...cards.filter((c) => c.is_mandatory), ...cards.filter((c) => !c.is_mandatory)];
}

async function statistics(db: Db, ctx: LearnerContext): Promise<HomeDashboard['statistics']> {
  const rows = await db.selectFrom('group_training_enrollments as e')
    .innerJoin('group_trainings', 'group_trainings.id', 'e.group_training_id')
    .select((eb) => [
      'e.status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | string>('group_trainings.workload').as('hours'),
    ])
    .where('e.user_id', '=', ctx.userId)
    .where('group_trainings.client_id', '=', ctx.clientId).where('group_trainings.status', '!=', CONTENT_STATUS.deleted)
    .groupBy('e.status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    trainings_finished: Number(of('finished')?.n ?? 0),
    trainings_ongoing: Number(of('ongoing')?.n ?? 0) + Number(of('blocked')?.n ?? 0),
    certificates: await countValidCertificates(db, ctx.clientId, ctx.userId),
    hours: Math.round(Number(of('finished')?.hours ?? 0) * 100) / 100,
  };
}

/**
 * The home's schedule: the learner calendar's own items (live classes they teach, take part in or
 * may join, webcasts, activities opening) of the next HOME_SCHEDULE.days, the soonest first.
 */
async function schedule(db: Db, ctx: LearnerContext, today: string, now: Date): Promise<HomeDashboard['schedule']> {
  const items = await learnerCalendar(db, ctx, { start: addDays(today, -1), end: addDays(today, HOME_SCHEDULE.days) });
  return upcomingSchedule(items, now);
}

/** The first call of `load` runs it; later calls share its answer (two blocks read one list). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/**
 * The home's shown blocks (spec 1 §2.3 admin `home`: the client's layout), each computed only when
 * shown: a hidden block costs no query and its fields are absent from the answer.
 */
export async function homeDashboard(db: Db, ctx: LearnerContext, today: string, now: Date = new Date(), blocks: readonly HomeBlock[] = HOME_BLOCKS): Promise<HomeDashboard> {
  const shown = new Set(blocks);
  const started = once(async () => trainingCards(db, ctx, await enrolledTrainings(db, ctx, ['ongoing', 'blocked'], 'last_activity_at')));
  const fresh = once(() => notStarted(db, ctx));
  const trailsIn = (status: 'ongoing' | 'finished', order: 'started_at' | 'completed_at') => visibleTrails(db, ctx, today)
    .innerJoin('trail_enrollments as te', (join) => join.onRef('te.trail_id', '=', 'trails.id').on('te.user_id', '=', ctx.userId))
    .where('te.status', '=', status).selectAll('trails').orderBy(`te.${order}`, 'desc').orderBy('trails.id', 'desc')
    .limit(HOME_LIST_SIZE).execute();

  const nextSteps = async (): Promise<Partial<HomeDashboard>> => {
    const surveys = (await learnerSurveyCards(db, ctx, today)).filter((s) => !s.answered).slice(0, NEXT_STEPS_SIZE);
    // issue 20: today's drills still to answer, and the general tests the learner may take
    const drills = (await learnerDrillCards(db, ctx, today)).filter((d) => d.drill_day && !d.done_today).slice(0, NEXT_STEPS_SIZE);
    const generalTests = (await Promise.all((await openGeneralTests(db, ctx, today).orderBy('general_tests.publish_date', 'desc').limit(20).execute())
      .map((row) => learnerGeneralTestCard(db, row, ctx.userId))))
      .filter((g) => g.standing === 'not_started' || g.standing === 'can_restart').slice(0, NEXT_STEPS_SIZE);
    return {
      // what to do next: trainings in progress (latest first), then mandatory ones not started, then the newest
      next_steps: [...(await started()).filter((c) => c.status === 'ongoing'), ...(await fresh())].slice(0, NEXT_STEPS_SIZE),
      open_surveys: surveys.map((s) => ({ id: s.id, title: s.title, mandatory: s.mandatory })),
      todays_drills: drills.map((d) => ({ id: d.id, title: d.title })),
      open_general_tests: generalTests.map((g) => ({ id: g.id, title: g.title })),
    };
  };
  const parts: Record<HomeBlock, () => Promise<Partial<HomeDashboard>>> = {
    next_steps: nextSteps,
    my_score: async () => {
      const points = await myPoints(db, ctx.clientId, ctx.userId);
      return { my_score: { points, position: await myPosition(db, ctx.clientId, ctx.userId, points) } };
    },
    statistics: async () => ({ statistics: await statistics(db, ctx) }),
    schedule: async () => ({ schedule: await schedule(db, ctx, today, now) }),
    // pending: started and not finished, then the assigned (visible) ones not started yet, mandatory
    // first — a training the learner was given and never opened is still to do (spec 1 §2.2)
    pending_courses: async () => ({ pending_trainings: [...(await started()), ...(await fresh())].slice(0, HOME_LIST_SIZE) }),
    pending_trails: async () => ({ pending_trails: await trailCards(db, ctx, await trailsIn('ongoing', 'started_at')) }),
    finished: async () => {
      const [trainings, trails] = await Promise.all([
        enrolledTrainings(db, ctx, ['finished'], 'completed_at').then((rows) => trainingCards(db, ctx, rows)),
        trailsIn('finished', 'completed_at').then((rows) => trailCards(db, ctx, rows)),
      ]);
      return { finished_trainings: trainings, finished_trails: trails };
    },
    // their own calls (GET /home/ranking/, /home/points/, /feed/): the portal asks only when shown
    ranking: async () => ({}),
    points_statement: async () => ({}),
    timeline: async () => ({}),
  };
  const answers = await Promise.all(HOME_BLOCKS.filter((b) => shown.has(b)).map((b) => parts[b]()));
  return Object.assign({ blocks: [...blocks] }, ...answers) as HomeDashboard;
}
