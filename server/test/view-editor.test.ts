import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, LEARNER_WEBCAST_PATHS, PREVIEW_GRANT_HEADER, VIEW_EDITOR_PATH } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { signPreviewGrant } from '../src/lib/previewGrant.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';
import { finishEnrollment, makeLearner, makeModule, makeTest, makeTraining, recordAttempt, setHierarchy, type Learner } from './learnerContentFixtures.ts';
import { insertWebcast } from './webcastChatFixtures.ts';

/**
 * spec 1 §2.3 "view editor as a student", module item view_editor (§6.2): a read-only preview grant
 * (docs/security.md "Preview grants") that the training and webcast learner reads answer as the
 * chosen learner would see them, recording nothing; every other route refuses it.
 */
describe.each(DIALECTS)('view editor as a student on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let viewer: { id: number; tokens: Tokens };
  let plainAdmin: Tokens;
  let inArea: Learner;
  let outside: Learner;
  let area: number;
  let profile: number;
  let trainingId: number;
  let moduleId: number;
  let testId: number;
  let webcastId: number;
  let otherTraining: number;

  const grant = (tokens: Tokens, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api${VIEW_EDITOR_PATH}`, headers: bearer(tokens), payload: body });
  const withGrant = (tokens: Tokens, token: string) => ({ ...bearer(tokens), [PREVIEW_GRANT_HEADER]: token });
  const counts = async () => {
    const n = async (table: 'group_training_enrollments' | 'group_training_module_progress' | 'group_training_test_results' | 'webcast_views' | 'content_reactions') =>
      Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    return {
      enrollments: await n('group_training_enrollments'), progress: await n('group_training_module_progress'),
      attempts: await n('group_training_test_results'), views: await n('webcast_views'), reactions: await n('content_reactions'),
    };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { runJobs: false });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const now = new Date();
    area = (await t.app.db.insertInto('areas').values({ client_id: c.demo, name: 'Preview area', translations: '{}', is_active: true, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    profile = (await t.app.db.insertInto('profiles').values({ client_id: c.demo, name: 'Preview profile', translations: '{}', created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    inArea = await makeLearner(t.app, su, c.demo, { profile, areas: [area] });
    outside = await makeLearner(t.app, su, c.demo, {});
    viewer = await adminWith(t.app, su, c.demo, ['view_editor']);
    plainAdmin = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    trainingId = await makeTraining(t.app, { clientId: c.demo, title: 'Preview training', areas: [area], profiles: [profile] });
    moduleId = await makeModule(t.app, trainingId, { type: 8, resource: 'https://www.youtube.com/watch?v=abc' });
    testId = await makeTest(t.app, trainingId);
    await setHierarchy(t.app, trainingId, [['module', moduleId, null], ['test', testId, null]]);
    await recordAttempt(t.app, testId, inArea.id, true);
    await finishEnrollment(t.app, inArea.id, trainingId);
    // a finished webcast: opening it as the learner would record that they watched it
    webcastId = await insertWebcast(t.app, { clientId: c.demo, status: 4 });
    await t.app.db.insertInto('webcast_areas').values({ owner_id: webcastId, area_id: area, is_mandatory: false }).execute();
    await t.app.db.insertInto('webcast_profiles').values({ owner_id: webcastId, profile_id: profile, is_mandatory: false }).execute();
    otherTraining = await makeTraining(t.app, { clientId: c.other, title: 'Other client training' });
  });
  afterAll(async () => { await t.close(); });

  it('needs the view_editor module item', async () => {
    const refused = await grant(plainAdmin, { kind: 'training', content_id: trainingId, user_id: inArea.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_denied');
    expect((await grant(inArea.tokens, { kind: 'training', content_id: trainingId, user_id: inArea.id })).statusCode).toBe(403);
  });

  it('answers the training as the learner of the chosen area and profile sees it, recording nothing', async () => {
    const res = await grant(viewer.tokens, { kind: 'training', content_id: trainingId, area_id: area, profile_id: profile });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ learner: { id: inArea.id }, visible: true });
    const portal = new URL(answer.portal_path, 'http://x');
    expect(portal.pathname).toBe(`/preview/training/${trainingId}`);
    expect(portal.searchParams.get('grant')).toBe(answer.grant);
    const before = await counts();
    const detail = await t.app.inject({ method: 'GET', url: `/api${LEARNER_PATHS.training(trainingId)}`, headers: withGrant(viewer.tokens, answer.grant) });
    expect(detail.statusCode, detail.body).toBe(200);
    // the learner's own state: finished, their passed attempt
    expect(detail.json()).toMatchObject({ id: trainingId, status: 'finished' });
    expect(detail.json().activities.find((a: { type: string }) => a.type === 'test').test.passed).toBe(true);
    // the administrator, outside the audience, does not see it as themselves
    expect((await t.app.inject({ method: 'GET', url: `/api${LEARNER_PATHS.training(trainingId)}`, headers: bearer(viewer.tokens) })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses the grant on every write and on other reads, and nothing changes', async () => {
    const { grant: token } = (await grant(viewer.tokens, { kind: 'training', content_id: trainingId, user_id: inArea.id })).json();
    const before = await counts();
    const headers = withGrant(viewer.tokens, token);
    const writes = [
      { method: 'POST' as const, url: `/api${LEARNER_PATHS.moduleProgress(trainingId, moduleId)}`, payload: { percent: 100, position_seconds: 10 } },
      { method: 'POST' as const, url: `/api${LEARNER_PATHS.attempts(trainingId, testId)}`, payload: {} },
      { method: 'POST' as const, url: `/api${LEARNER_PATHS.favorite(trainingId)}`, payload: { favorite: true } },
      { method: 'POST' as const, url: `/api${LEARNER_PATHS.restart(trainingId)}`, payload: {} },
      { method: 'GET' as const, url: `/api${LEARNER_PATHS.trainings}` },
      { method: 'GET' as const, url: `/api${LEARNER_PATHS.comments(trainingId)}` },
    ];
    for (const call of writes) {
      const res = await t.app.inject({ ...call, headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().code).toBe('preview_read_only');
    }
    // an admin route refuses it too, before anything else
    const admin = await t.app.inject({ method: 'POST', url: `/api${VIEW_EDITOR_PATH}`, headers, payload: { kind: 'training', content_id: trainingId, user_id: inArea.id } });
    expect(admin.json().code).toBe('preview_read_only');
    expect(await counts()).toEqual(before);
  });

  it('answers the webcast without recording the view', async () => {
    const { grant: token, visible } = (await grant(viewer.tokens, { kind: 'webcast', content_id: webcastId, user_id: inArea.id })).json();
    expect(visible).toBe(true);
    const before = await counts();
    const res = await t.app.inject({ method: 'GET', url: `/api${LEARNER_WEBCAST_PATHS.webcast(webcastId)}`, headers: withGrant(viewer.tokens, token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: webcastId, state: 'finished' });
    expect(await counts()).toEqual(before);
    // the learner opening it themselves is recorded, as ever
    await t.app.inject({ method: 'GET', url: `/api${LEARNER_WEBCAST_PATHS.webcast(webcastId)}`, headers: bearer(inArea.tokens) });
    expect((await counts()).views).toBe(before.views + 1);
  });

  it('answers not found for a learner outside the audience, as they would meet it', async () => {
    const res = await grant(viewer.tokens, { kind: 'training', content_id: trainingId, user_id: outside.id });
    expect(res.json()).toMatchObject({ learner: { id: outside.id }, visible: false });
    const detail = await t.app.inject({ method: 'GET', url: `/api${LEARNER_PATHS.training(trainingId)}`, headers: withGrant(viewer.tokens, res.json().grant) });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().code).toBe('not_found');
  });

  it('refuses a grant for other content, another kind, another administrator, an expired or forged one', async () => {
    const { grant: token } = (await grant(viewer.tokens, { kind: 'training', content_id: trainingId, user_id: inArea.id })).json();
    const invalid = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('preview_grant_invalid');
    };
    const other = await makeTraining(t.app, { clientId: c.demo, areas: [area], profiles: [profile] });
    await invalid(`/api${LEARNER_PATHS.training(other)}`, withGrant(viewer.tokens, token));
    await invalid(`/api${LEARNER_WEBCAST_PATHS.webcast(trainingId)}`, withGrant(viewer.tokens, token));
    // another session (the superuser) cannot present a grant issued to someone else
    await invalid(`/api${LEARNER_PATHS.training(trainingId)}`, withGrant(su, token));
    const expired = signPreviewGrant(t.app.mediaSecret, { a: viewer.id, c: c.demo, k: 'training', i: trainingId, u: inArea.id, e: Math.floor(Date.now() / 1000) - 1 });
    await invalid(`/api${LEARNER_PATHS.training(trainingId)}`, withGrant(viewer.tokens, expired));
    await invalid(`/api${LEARNER_PATHS.training(trainingId)}`, withGrant(viewer.tokens, `${token.slice(0, -3)}abc`));
    // a grant stops working once the module item is taken away
    await t.app.inject({
      method: 'PUT', url: `/api/admin_users/users/${viewer.id}/permissions/`, headers: bearer(su),
      payload: { client_id: c.demo, module_items: [{ slug: 'trainings', permission: true }] },
    });
    await invalid(`/api${LEARNER_PATHS.training(trainingId)}`, withGrant(viewer.tokens, token));
    await t.app.inject({
      method: 'PUT', url: `/api/admin_users/users/${viewer.id}/permissions/`, headers: bearer(su),
      payload: { client_id: c.demo, module_items: [{ slug: 'view_editor', permission: true }] },
    });
  });

  it('keeps to the selected client: another client\'s content and people are not found', async () => {
    const foreign = await grant(viewer.tokens, { kind: 'training', content_id: otherTraining, user_id: inArea.id });
    expect(foreign.statusCode).toBe(404);
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const stranger = await grant(otherAdmin, { kind: 'training', content_id: otherTraining, user_id: inArea.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('preview_nobody');
    const nobody = await grant(viewer.tokens, { kind: 'training', content_id: trainingId });
    expect(nobody.json().code).toBe('preview_nobody');
  });
});
