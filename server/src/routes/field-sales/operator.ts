import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AnswerParams, CheckBody, FIELD_SALES_PATHS, FIELD_TASK_PHOTO_UPLOAD_KIND, FieldAnswer, IdParams, MyTask, NotRealizedBody, Task } from '@lp/shared/contract';
import {
  addDays, answerDisplay, canOpenAdminTitle, UPLOAD_LIMITS, fieldAnswerRefusal, distanceMeters, isAnswered, operatorActions, TASK_TRANSITIONS, todayApiDate, zoneOr,
} from '@lp/shared/rules';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.ts';
import type { FieldTaskRow } from '../../db/tables/fieldSales.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  checkIn, checkOut, findMyTask, givenAnswer, markNotRealized, myTasks, saveAnswer, type AnswerWrite, type CheckPoint,
} from '../../repositories/fieldSales/operator.ts';
import { questionsOf, readQuestionnaire } from '../../repositories/fieldSales/questionnaires.ts';
import { readTask, taskAnswers } from '../../repositories/fieldSales/tasks.ts';
import { commitUpload, prepareUpload, savingUpload } from '../trainings/uploadedFile.ts';
import { ACCESS, taskNotFound, transitionRefused } from './common.ts';

const MyTasksQuery = Type.Object({
  /** the first day ('YYYY-MM-DD', the device's today); default today in `timezone` */
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  /** days from `from`: 1 = today, 7 = this week (default) */
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
});

/** The check-in/out position and its distance from the task's address (spec 3 §1 check-in/check-out). */
function checkPoint(task: FieldTaskRow, body: CheckBody): CheckPoint {
  const latitude = body.latitude ?? null, longitude = body.longitude ?? null;
  const distance = latitude !== null && longitude !== null && task.latitude !== null && task.longitude !== null
    ? distanceMeters({ latitude, longitude }, { latitude: task.latitude, longitude: task.longitude }) : null;
  return { at: new Date(), latitude, longitude, distance_m: distance };
}

/**
 * The operator's tasks (4traders_apply_events): my tasks today or this week, one task with its
 * questionnaire and answers, check-in, one answer at a time (autosave), check-out, not realized.
 * Another representative's task does not exist for the caller (404).
 */
const operator: FastifyPluginAsyncTypebox = async (app) => {
  const P = FIELD_SALES_PATHS;
  // the representative's camera photo (only who applies tasks uploads it); its content is checked when the answer is saved
  app.tus.defineKind(FIELD_TASK_PHOTO_UPLOAD_KIND, {
    maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: ['.jpg', '.jpeg', '.png'],
    allowed: (auth) => canOpenAdminTitle(auth.subject, '4traders_apply_events') === 'allow',
  });

  const mine = async (db: Db, clientId: number, userId: number, id: number) => {
    const row = await findMyTask(db, clientId, userId, id);
    if (!row) throw taskNotFound();
    return row;
  };
  const view = async (request: FastifyRequest, clientId: number, row: FieldTaskRow): Promise<MyTask> => {
    const task = (await readTask(app.db, clientId, row.id))!;
    const [questionnaire, answers] = await Promise.all([
      row.questionnaire_id ? readQuestionnaire(app.db, clientId, row.questionnaire_id) : undefined, taskAnswers(app.db, row.id, app.mediaUrls(request)),
    ]);
    return { task, questionnaire: questionnaire ?? null, answers, actions: operatorActions(task.status) };
  };
  /**
   * A photo answer names a finished upload of kind field_task_photo: checked as an image (jpg/png,
   * magic bytes), moved into the media store and claimed with the answer in one transaction. The
   * same upload sent again (the queue's retry after a lost reply) or the stored file sent back
   * leaves the answer as it is; anything else is 400 upload_not_found.
   */
  const savePhotoAnswer = async (request: FastifyRequest, clientId: number, answer: AnswerWrite, file: string) => {
    const given = await givenAnswer(app.db, answer.task_id, answer.question_id);
    if (given && (given.upload_id === file || given.value.file === file)) return;
    const prepared = await prepareUpload(app, request, file, FIELD_TASK_PHOTO_UPLOAD_KIND, 'image', `field-sales/photos/${clientId}`);
    const value = { file: prepared.media.resource };
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      await saveAnswer(trx, { ...answer, value, display: prepared.media.resource, upload_id: file });
      await commitUpload(trx, app, request, prepared);
    }));
  };
  const who = (request: Parameters<typeof clientOf>[0]) => ({ clientId: clientOf(request), userId: authOf(request).user.id });

  app.get(P.myTasks, { config: { access: ACCESS.operator }, schema: { querystring: MyTasksQuery, response: { 200: Type.Array(Task) } } }, async (request) => {
    const { clientId, userId } = who(request);
    const from = request.query.from ?? todayApiDate(zoneOr(request.query.timezone));
    return myTasks(app.db, clientId, userId, from, addDays(from, (request.query.days ?? 7) - 1));
  });

  app.get(P.myTask(':id'), { config: { access: ACCESS.operator }, schema: { params: IdParams, response: { 200: MyTask } } }, async (request) => {
    const { clientId, userId } = who(request);
    return view(request, clientId, await mine(app.db, clientId, userId, request.params.id));
  });

  app.post(P.checkIn(':id'), { config: { access: ACCESS.operator }, schema: { params: IdParams, body: CheckBody, response: { 200: MyTask } } }, async (request) => {
    const { clientId, userId } = who(request);
    const row = await mine(app.db, clientId, userId, request.params.id);
    if (!(await checkIn(app.db, row.id, checkPoint(row, request.body)))) throw transitionRefused();
    return view(request, clientId, row);
  });

  /** One answer, saved as it is given (the portal's answer queue retries it until it lands). */
  app.put(P.answer(':id', ':questionId'), { config: { access: ACCESS.operator }, schema: { params: AnswerParams, body: FieldAnswer, response: { 200: MyTask } } }, async (request) => {
    const { clientId, userId } = who(request);
    const row = await mine(app.db, clientId, userId, request.params.id);
    // answers are given between check-in and check-out
    if (row.status !== 'in_progress') throw transitionRefused();
    const question = row.questionnaire_id ? (await questionsOf(app.db, row.questionnaire_id)).find((q) => q.id === request.params.questionId) : undefined;
    if (!question) throw new HttpError(404, 'not_found', 'Question not found');
    const refusal = fieldAnswerRefusal(question.question_type, question.options.length, request.body);
    if (refusal) throw new HttpError(400, refusal, 'The answer is not valid', { value: refusal });
    const answer = {
      task_id: row.id, question_id: question.id, step_title: question.step_title, question_text: question.text, question_type: question.question_type,
      value: request.body, display: answerDisplay(question.question_type, question.options, request.body),
    };
    if (question.question_type === 'photo' && request.body.file) await savePhotoAnswer(request, clientId, answer, request.body.file);
    else await saveAnswer(app.db, answer);
    return view(request, clientId, row);
  });

  app.post(P.checkOut(':id'), { config: { access: ACCESS.operator }, schema: { params: IdParams, body: CheckBody, response: { 200: MyTask } } }, async (request) => {
    const { clientId, userId } = who(request);
    const row = await mine(app.db, clientId, userId, request.params.id);
    if (row.status !== 'in_progress') throw transitionRefused();
    if (row.questionnaire_id) {
      const answers = new Map((await taskAnswers(app.db, row.id, app.mediaUrls(request))).map((a) => [a.question_id, a.value]));
      const missing = (await questionsOf(app.db, row.questionnaire_id)).filter((q) => q.required && !isAnswered(q.question_type, answers.get(q.id)));
      if (missing.length) {
        throw new HttpError(400, 'task_required_answers_missing', 'Answer every required question before checking out',
          Object.fromEntries(missing.map((q) => [`questions.${q.id}`, 'task_required_answers_missing' as const])));
      }
    }
    if (!(await checkOut(app.db, row.id, checkPoint(row, request.body)))) throw transitionRefused();
    return view(request, clientId, row);
  });

  app.post(P.notRealized(':id'), { config: { access: ACCESS.operator }, schema: { params: IdParams, body: NotRealizedBody, response: { 200: MyTask } } }, async (request) => {
    const { clientId, userId } = who(request);
    const reason = request.body.reason.trim();
    if (!reason) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The reason is required', { reason: 'make_sure_that_all_fields_are_filled_in' });
    const row = await mine(app.db, clientId, userId, request.params.id);
    if (!(await markNotRealized(app.db, row.id, TASK_TRANSITIONS.not_realized.from, reason))) throw transitionRefused();
    return view(request, clientId, row);
  });
};
export default operator;
