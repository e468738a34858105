import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_PATHS, TRAINING_PATHS, type CalendarItems } from '@lp/shared/contract';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, AUDIENCE_GROUP, audienceLearner, publishedTraining } from './completionFixtures.ts';
import { addModule, orgIds, postForm, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * The learner calendar (spec 1 §2.2 calendar, spec 3 §2 calendar/agenda) and the admin schedule
 * (spec 3 §2 schedule): activities opening in enrolled trainings, trainings' last published
 * day, and webcast transmissions, each within the viewer's audience.
 */
describe.each(DIALECTS)('calendar and schedule on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let learner: { id: number; tokens: Tokens };
  const RANGE = '?start=2026-11-29&end=2027-01-09';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    learner = await audienceLearner(t.app, su, c.demo, org);
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url: `${API}${url}`, headers: bearer(tokens) });
  const items = async (tokens: Tokens, path: string = CALENDAR_PATHS.learner, range = RANGE) => {
    const res = await get(`${path}${range}`, tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CalendarItems>().results;
  };
  const enroll = (userId: number, trainingId: number) => t.app.db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: new Date(), last_activity_at: new Date() }).execute();
  const webcast = async (title: string, at: string, extra: Record<string, unknown> = {}) => (await t.app.db.insertInto('webcasts')
    .values({ client_id: c.demo, title, transmission_date: new Date(at), status: 1, ...extra } as never).returning('id').executeTakeFirstOrThrow()).id;

  it('shows the activities and last day of enrolled trainings only, within the range', async () => {
    const enrolled = await publishedTraining(t.app, su, org, { title: 'Calendário A' });
    await addModule(t.app, enrolled.id, { title: 'Aula de dezembro', avaliable_in: '2026-12-10' });
    await addModule(t.app, enrolled.id, { title: 'Aula de março', avaliable_in: '2027-03-01' });
    await addModule(t.app, enrolled.id, { title: 'Rascunho', avaliable_in: '2026-12-11', status: 2 });
    await t.app.db.insertInto('group_training_tests').values({
      owner_id: enrolled.id, title: 'Prova final', test_type_id: 1, status: 1, avaliable_in: '2026-12-20', qty_total_questions: null,
      minimum_score: 1, time_to_answer: null, created_at: new Date(), updated_at: new Date(),
    }).execute();
    await t.app.db.updateTable('group_trainings').set({ unpublish_date: '2027-01-05' }).where('id', '=', enrolled.id).execute();
    const other = await publishedTraining(t.app, su, org, { title: 'Calendário B' });
    await addModule(t.app, other.id, { title: 'Aula sem matrícula', avaliable_in: '2026-12-10' });
    await enroll(learner.id, enrolled.id);

    // the demo's live classes, webcasts and face-to-face events (a day or two from now) may fall in the range: this case is about trainings
    const trainingItems = async () => (await items(learner.tokens)).filter((i) => i.training !== null);
    const mine = await trainingItems();
    expect(mine.map((i) => `${i.kind} ${i.date} ${i.title}`)).toEqual([
      'activity_available 2026-12-10 Aula de dezembro',
      'activity_available 2026-12-20 Prova final',
      'training_unpublish 2027-01-05 Calendário A',
    ]);
    expect(mine[0]!.training).toEqual({ id: enrolled.id, title: 'Calendário A' });

    // unpublished, the training leaves the learner's calendar
    await postForm(t.app, `${API}${TRAINING_PATHS.unpublish(enrolled.id)}`, su);
    expect(await trainingItems()).toEqual([]);
    await postForm(t.app, `${API}${TRAINING_PATHS.publish(enrolled.id)}`, su);
  });

  it('leaves out trainings the learner is enrolled in but may no longer see (spec 2 §6 audience)', async () => {
    const someone = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Calendário C' });
    await addModule(t.app, training.id, { title: 'Aula C', avaliable_in: '2026-12-02' });
    await enroll(someone.id, training.id);
    expect((await items(someone.tokens)).map((i) => i.title)).toContain('Aula C');
    await t.app.db.deleteFrom('user_group_members').where('user_id', '=', someone.id).where('group_id', '=', org.groups[AUDIENCE_GROUP]!).execute();
    expect((await items(someone.tokens)).map((i) => i.title)).not.toContain('Aula C');
  });

  it('shows the webcasts of the learner’s audience or subscription, placed by instant', async () => {
    const forGroup = await webcast('Live de lançamento', '2026-12-03T22:30:00Z');
    await writeAudience(t.app.db, 'webcast', forGroup, { user_groups: [org.groups[AUDIENCE_GROUP]!] });
    const forOthers = await webcast('Live da diretoria', '2026-12-04T13:00:00Z');
    await writeAudience(t.app.db, 'webcast', forOthers, { user_groups: [org.groups['Store leaders']!] });
    const deleted = await webcast('Live cancelada', '2026-12-05T13:00:00Z', { status: 3 });
    await writeAudience(t.app.db, 'webcast', deleted, { user_groups: [org.groups[AUDIENCE_GROUP]!] });
    const outside = await webcast('Live de janeiro', '2027-02-01T13:00:00Z');
    await writeAudience(t.app.db, 'webcast', outside, { user_groups: [org.groups[AUDIENCE_GROUP]!] });

    // this case's webcasts only: the demo's own (seed/webcasts.ts, relative to now) may fall in the range
    const mine = new Set([forGroup, forOthers, deleted, outside]);
    const found = (await items(learner.tokens)).filter((i) => i.kind === 'webcast' && mine.has(i.webcast_id ?? 0));
    expect(found).toEqual([{
      kind: 'webcast', date: null, starts_at: '2026-12-03T22:30:00.000Z', title: 'Live de lançamento', training: null, webcast_id: forGroup, live_class_id: null, subscribed: false,
    }]);
    // a guest sees the webcast they subscribed to, whatever its audience
    await t.app.db.insertInto('webcast_subscribers').values({ webcast_id: forOthers, user_id: learner.id }).execute();
    const subscribed = (await items(learner.tokens)).find((i) => i.webcast_id === forOthers);
    expect(subscribed).toMatchObject({ title: 'Live da diretoria', subscribed: true });
  });

  it('refuses ranges that are not days, reversed or longer than 62 days', async () => {
    for (const [range, code] of [
      ['?start=2026-11-01&end=2027-01-02', 'calendar_range_too_long'],
      ['?start=2026-12-02&end=2026-12-01', 'validation_error'],
      ['?start=2026-02-30&end=2026-03-01', 'validation_error'],
    ] as const) {
      const res = await get(`${CALENDAR_PATHS.learner}${range}`, learner.tokens);
      expect(res.statusCode, range).toBe(400);
      expect(res.json().code, range).toBe(code);
    }
  });

  it('shows the client’s schedule, unpublished trainings and every audience included, to holders of schedule (spec 3 §2)', async () => {
    const scheduler = await adminWith(t.app, su, c.demo, ['schedule']);
    const draft = await publishedTraining(t.app, su, org, { title: 'Planejado' });
    await addModule(t.app, draft.id, { title: 'Aula planejada', avaliable_in: '2026-12-15' });
    await postForm(t.app, `${API}${TRAINING_PATHS.unpublish(draft.id)}`, su);
    const schedule = await items(scheduler.tokens, CALENDAR_PATHS.admin);
    const titles = schedule.map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining(['Aula planejada', 'Aula de dezembro', 'Live de lançamento', 'Live da diretoria']));
    expect(titles).not.toContain('Live cancelada');
    // the other client's manager (every module item, schedule included) sees only that client's
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect(await items(other, CALENDAR_PATHS.admin)).toEqual([]);
  });
});
