import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TASK_PHOTO_UPLOAD_KIND, type Task, type TaskUpdate } from '@lp/shared/contract';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { P, call, createTask, questionnaireBody, taskBody } from './fieldSalesFixtures.ts';
import { tusCreate, tusPatch } from './importFixtures.ts';
import { jpg } from './mediaFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** What the admin calendar sends when a task is dragged to another day: the task as it is, on `date`. */
function rescheduleBody(task: Task, date: string): TaskUpdate {
  const { representative, task_date: _d, title, start_time, end_time, timezone, questionnaire_id, observation } = task;
  const { postal_code, address, number, complement, neighborhood, city, state, latitude, longitude, place_ref } = task;
  return {
    title, task_date: date, start_time, end_time, timezone, representative_id: representative.id, questionnaire_id, observation,
    postal_code, address, number, complement, neighborhood, city, state, latitude, longitude, place_ref, scope: 'only_this',
  };
}

/**
 * spec 3 §2 "Admin calendar of tasks … drag to reschedule with the same conflict checks" (spec 3 §5
 * one task a day per representative) and spec 3 §1 "photo answers from the camera" through the
 * validated upload path.
 */
describe.each(DIALECTS)('field-sales calendar rescheduling and photo answers on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const read = async (id: number) => (await call(t.app, su, 'GET', P.task(id))).json<Task>();

  it('moves a dragged task to a free day, and refuses a day the representative already has, leaving the task where it was', async () => {
    const r = await adminWith(t.app, su, c.demo, []);
    const monday = await createTask(t.app, su, taskBody(r.id, { task_date: '2027-06-07', start_time: '08:30', end_time: '09:30' }));
    await createTask(t.app, su, taskBody(r.id, { task_date: '2027-06-09' }));

    const moved = await call(t.app, su, 'PUT', P.task(monday.id), rescheduleBody(await read(monday.id), '2027-06-08'));
    expect(moved.statusCode, moved.body).toBe(200);
    // the wall-clock time stays, the instant follows the day (America/Sao_Paulo, UTC−3)
    expect(moved.json()).toMatchObject({ task_date: '2027-06-08', start_time: '08:30', starts_at: '2027-06-08T11:30:00.000Z' });

    const clash = await call(t.app, su, 'PUT', P.task(monday.id), rescheduleBody(await read(monday.id), '2027-06-09'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'representative_already_has_events_for_the_selected_day',
      fields: { representative_id: 'representative_already_has_events_for_the_selected_day' },
    });
    expect((await read(monday.id)).task_date).toBe('2027-06-08');

    // a canceled task frees its day; a task that is not pending does not move
    const friday = await createTask(t.app, su, taskBody(r.id, { task_date: '2027-06-11' }));
    await call(t.app, su, 'POST', P.cancel(friday.id), { cancel_motive: 'Loja fechada' });
    expect((await call(t.app, su, 'PUT', P.task(monday.id), rescheduleBody(await read(monday.id), '2027-06-11'))).statusCode).toBe(200);
    const canceled = await read(friday.id);
    const refused = await call(t.app, su, 'PUT', P.task(friday.id), rescheduleBody(canceled, '2027-06-14'));
    expect(refused.json().code).toBe('task_not_editable');
    expect((await read(friday.id)).task_date).toBe('2027-06-11');
  });

  it('moves one occurrence of a series alone, and refuses a day another occurrence holds', async () => {
    const r = await adminWith(t.app, su, c.demo, []);
    const first = await createTask(t.app, su, taskBody(r.id, { task_date: '2027-07-05', recurrence: { frequency: 'daily', count: 3 } }));
    const second = (await call(t.app, su, 'GET', `${P.tasks}?page_size=0&ordering=task_date&filter=${encodeURIComponent(JSON.stringify({ series_id: first.series_id }))}`)).json<Task[]>()[1]!;
    const clash = await call(t.app, su, 'PUT', P.task(second.id), rescheduleBody(second, '2027-07-07'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('representative_already_has_events_for_the_selected_day');
    expect((await read(second.id)).task_date).toBe('2027-07-06');
    const ok = await call(t.app, su, 'PUT', P.task(second.id), rescheduleBody(second, '2027-07-12'));
    expect(ok.json()).toMatchObject({ task_date: '2027-07-12', series_id: first.series_id, occurrence: 2 });
    expect((await read(first.id)).task_date).toBe('2027-07-05');
  });

  it('takes a photo answer as a checked upload, keeps it when the queue sends it again, and shows it signed to the admin', async () => {
    const rep = await adminWith(t.app, su, c.demo, ['4traders_apply_events']);
    const q = (await call(t.app, su, 'POST', P.questionnaires, questionnaireBody('Fotos da loja'))).json();
    const photoQuestion = q.steps[1].questions[0];
    const task = await createTask(t.app, su, taskBody(rep.id, { task_date: '2027-08-02', questionnaire_id: q.id }));
    await call(t.app, rep.tokens, 'POST', P.checkIn(task.id), {});

    const upload = async (tokens: Tokens, bytes: Buffer, filename = 'gondola.jpg') => {
      const created = await tusCreate(t.app, tokens, bytes.length, { filename, kind: FIELD_TASK_PHOTO_UPLOAD_KIND });
      expect(created.statusCode, created.body).toBe(201);
      const location = created.headers.location as string;
      expect((await tusPatch(t.app, tokens, location, 0, bytes)).statusCode).toBe(204);
      return location.replace(/\/+$/, '').split('/').pop()!;
    };
    // only who applies tasks uploads this kind
    const stranger = await adminWith(t.app, su, c.demo, []);
    expect((await tusCreate(t.app, stranger.tokens, 64, { filename: 'x.jpg', kind: FIELD_TASK_PHOTO_UPLOAD_KIND })).statusCode).toBe(403);

    // a typed path, someone else's upload or a file that is no image are refused
    const typed = await call(t.app, rep.tokens, 'PUT', P.answer(task.id, photoQuestion.id), { file: 'field-sales/photos/1/x/y.jpg' });
    expect(typed.json().code).toBe('upload_not_found');
    const notImage = await call(t.app, rep.tokens, 'PUT', P.answer(task.id, photoQuestion.id), { file: await upload(rep.tokens, Buffer.from('not a picture at all, only text'.repeat(4))) });
    expect(notImage.statusCode).toBe(400);

    const id = await upload(rep.tokens, jpg());
    const saved = await call(t.app, rep.tokens, 'PUT', P.answer(task.id, photoQuestion.id), { file: id });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json().answers.find((a: { question_id: number }) => a.question_id === photoQuestion.id);
    expect(answer.value.file).toMatch(new RegExp(`^field-sales/photos/${c.demo}/.+/gondola\\.jpg$`));
    expect(answer.file_url).toContain('/api/files/media/');
    // the queue's retry after a lost reply, and the stored file sent back, leave the answer as it is
    for (const file of [id, answer.value.file]) {
      const again = await call(t.app, rep.tokens, 'PUT', P.answer(task.id, photoQuestion.id), { file });
      expect(again.statusCode).toBe(200);
      expect(again.json().answers.find((a: { question_id: number }) => a.question_id === photoQuestion.id).value.file).toBe(answer.value.file);
    }

    const results = (await call(t.app, su, 'GET', P.results(task.id))).json();
    const shown = results.answers.find((a: { question_type: string }) => a.question_type === 'photo');
    expect(shown).toMatchObject({ question_text: 'Foto da gôndola', value: { file: answer.value.file } });
    const image = await t.app.inject({ method: 'GET', url: new URL(shown.file_url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 3)).toEqual(jpg().subarray(0, 3));
  });
});
