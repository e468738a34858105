import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DrillAnswerInput, DrillAnswered, LEARNER_DRILL_PATHS, LearnerDrillCard, LearnerDrillDay } from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, todayApiDate } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { answerShown, dayView, ensureDay, findOpenDrill, learnerDrillCards, settleDay } from '../../repositories/drills/learner.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { drillNotFound } from './common.ts';

const today = (now: Date) => todayApiDate(DEFAULT_TIME_ZONE, now);

/**
 * The learner's drills (spec 3 §3 "Drill"): the open ones, today's questions one at a time — the
 * shown question's timer starts when it is first shown and the server refuses an answer after it
 * (409 time_expired) — and the answer, with feedback when the drill shows it.
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  async function openDay(request: Parameters<typeof contextOf>[1], id: number, now: Date) {
    const ctx = await contextOf(app, request);
    const row = await findOpenDrill(app.db, ctx, id, today(now));
    if (!row) throw drillNotFound();
    const day = await ensureDay(app.db, row, ctx.userId, today(now), now);
    if (day === 'drill_no_questions_today') throw new HttpError(409, day, 'There are no questions of this drill for you today');
    if (day === 'drill_already_approved') throw new HttpError(409, day, 'You have already been approved in this drill');
    return { ctx, row, day };
  }

  app.get(LEARNER_DRILL_PATHS.drills, { config: { access: 'authenticated' }, schema: { response: { 200: Type.Array(LearnerDrillCard) } } }, async (request) => {
    const ctx = await contextOf(app, request);
    return learnerDrillCards(app.db, ctx, today(new Date()));
  });

  app.get(LEARNER_DRILL_PATHS.today(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerDrillDay } } }, async (request) => {
    const now = new Date();
    const { ctx, row, day } = await openDay(request, request.params.id, now);
    await settleDay(app.db, row, day, ctx.userId, now);
    return dayView(app.db, row, day, ctx.userId, today(now), now);
  });

  app.post(LEARNER_DRILL_PATHS.answer(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: DrillAnswerInput, response: { 200: DrillAnswered } },
  }, async (request) => {
    const now = new Date();
    const { ctx, row, day } = await openDay(request, request.params.id, now);
    const outcome = await answerShown(app.db, row, day, ctx, request.body.question_id, request.body.answer_id, now);
    switch (outcome.kind) {
      case 'time_expired': throw new HttpError(409, 'time_expired', 'Time expired');
      case 'over': throw new HttpError(409, 'attempt_already_finished', "Today's questions are already answered");
      case 'not_current': throw new HttpError(409, 'previous_question_not_confirmed', 'This is not the question being shown');
      case 'invalid_answer': throw new HttpError(400, 'invalid_answer', 'This answer does not belong to the question', { answer_id: 'invalid_answer' });
      case 'saved': return {
        correct: row.show_feedback ? outcome.correct : null,
        correct_answer_id: row.show_feedback ? outcome.correctAnswerId : null,
        day: await dayView(app.db, row, day, ctx.userId, today(now), now),
      };
    }
  });
};
export default learner;
