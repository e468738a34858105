import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, INSTRUCTOR_ITEMS } from '../src/seed/demo.ts';
import { OWN_USER_IMAGE_UPLOAD_KIND, USER_IMAGE_UPLOAD_KIND } from '@lp/shared/contract';
import { mediaKey } from '../src/storage/index.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp } from './helpers.ts';
import { gif, jpg, pdf, tusCreate, tusUpload } from './mediaFixtures.ts';

describe.each(DIALECTS)('session user and profile on %s (spec 1 §3.1, §5.1)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect); });
  afterAll(async () => { await t.close(); });

  it('returns the session user with the module items of each client', async () => {
    const tokens = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    const user = (await t.app.inject({ url: '/api/users/session/', headers: bearer(tokens) })).json();
    expect(user.is_superuser).toBe(false);
    expect(user.user_clients.map((c: { name: string }) => c.name)).toEqual(['Demo Retail']);
    expect(user.id_user_client_selected).toBe(user.user_clients[0].id);
    const items = user.user_client_module_items.find((c: { id: number }) => c.id === user.id_user_client_selected);
    expect(items.module_items.map((m: { slug: string }) => m.slug).sort()).toEqual([...INSTRUCTOR_ITEMS].sort());
    expect(user.user_clients[0].settings.title_trainings).toBe('trainings');
  });

  it('lists clients sorted by trimmed name and switches the selected one', async () => {
    const tokens = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    const user = (await t.app.inject({ url: '/api/users/session/', headers: bearer(tokens) })).json();
    expect(user.user_clients.map((c: { name: string }) => c.name)).toEqual(['Demo Retail', 'Other Company']);
    const other = user.user_clients[1].id;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(tokens), payload: { client_id: other } });
    expect(res.json().id_user_client_selected).toBe(other);
    const tags = await t.app.inject({ url: '/api/admin_tags/tags/?page_size=0', headers: bearer(tokens) });
    expect(tags.json().results.map((r: { name: string }) => r.name)).toEqual(['Other tag']);
  });

  it('refuses a client the user does not belong to', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const clients = await t.app.db.selectFrom('clients').select('id').where('name', '=', 'Other Company').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(tokens), payload: { client_id: clients.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('client_not_available');
  });

  it('updates the profile basic data and rejects a blank name', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(tokens), payload: { nick_name: 'Lia', id_user_language_selected: 2 } });
    expect(ok.json()).toMatchObject({ nick_name: 'Lia', id_user_language_selected: 2, full_name: DEMO.learner.full_name });
    const blank = await t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(tokens), payload: { full_name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('make_sure_that_all_fields_are_filled_in');
    expect((await t.app.inject({ url: '/api/users/profile/', headers: bearer(tokens) })).json().full_name).toBe(DEMO.learner.full_name);
  });

  it('updates personal info and the phones of each kind (spec 1 §2.2); an omitted field stays, empty clears, email and document are not the person\'s', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(tokens), payload });
    const ok = await patch({
      gender: 'non-binary', birthday: '1990-05-17', mobile_country_code: '55', mobile_area_code: '11', mobile: '987654321',
      commercial_phone: ' (11) 3333-4444 ', residential_phone: '', whatsapp: '5511987654321',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      gender: 'non-binary', birthday: '1990-05-17', mobile_country_code: '55', mobile_area_code: '11', mobile: '987654321',
      commercial_phone: '(11) 3333-4444', residential_phone: null, whatsapp: '5511987654321',
    });
    const kept = await patch({ whatsapp: '' });
    expect(kept.json()).toMatchObject({ mobile: '987654321', whatsapp: null, gender: 'non-binary' });
    expect((await patch({ mobile: '98765-4321' })).statusCode).toBe(400);
    expect((await patch({ birthday: '17/05/1990' })).statusCode).toBe(400);
    await patch({ email: 'other@x.com', document: '11144477735', nick_name: 'Lia' });
    expect((await t.app.inject({ url: '/api/users/profile/', headers: bearer(tokens) })).json().email).toBe(DEMO.learner.email);
  });

  it('takes the person\'s own picture through the validated upload path (spec 1 §2.2, §5.4): replaces, keeps, removes', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(tokens), payload });
    const stored = async () => (await t.app.db.selectFrom('users').select('image').where('email', '=', DEMO.learner.email).executeTakeFirstOrThrow()).image;
    // the users screen's kind is the administrators'; a file that is no picture is refused by name and by content
    expect((await tusCreate(t.app, tokens, 64, 'me.png', USER_IMAGE_UPLOAD_KIND)).statusCode).toBe(403);
    expect((await tusCreate(t.app, tokens, 64, 'me.pdf', OWN_USER_IMAGE_UPLOAD_KIND)).statusCode).toBeGreaterThanOrEqual(400);
    const disguised = await patch({ image: await tusUpload(t.app, tokens, pdf(), 'me.png', OWN_USER_IMAGE_UPLOAD_KIND) });
    expect(disguised.statusCode).toBe(400);
    expect(Object.keys(disguised.json().fields)).toEqual(['image']);
    expect(await stored()).toBeNull();

    const first = await patch({ image: await tusUpload(t.app, tokens, jpg(), 'me.jpg', OWN_USER_IMAGE_UPLOAD_KIND) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().image_url).toMatch(/^\/media\/users\/.+\.jpg$/);
    const firstResource = (await stored())!;
    expect(await t.app.storage.stat(mediaKey(firstResource))).not.toBeNull();
    expect((await t.app.inject({ url: first.json().image_url })).statusCode).toBe(200);

    // a gif is a profile picture too; the one it replaces leaves the media store
    const second = await patch({ image: await tusUpload(t.app, tokens, gif(), 'me.gif', OWN_USER_IMAGE_UPLOAD_KIND), nick_name: 'Lia' });
    expect(second.json()).toMatchObject({ nick_name: 'Lia', image_url: expect.stringMatching(/\.gif$/) });
    expect(await t.app.storage.stat(mediaKey(firstResource))).toBeNull();
    // edits without `image` keep it; null removes it
    expect((await patch({ nick_name: 'Li' })).json().image_url).toBe(second.json().image_url);
    const removed = await patch({ image: null });
    expect(removed.json().image_url).toBeNull();
    expect(await stored()).toBeNull();
  });

  it('changes the password: current password checked, policy applied, other sessions ended', async () => {
    const other = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const change = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/users/change_password/', headers: bearer(tokens), payload });

    const wrong = await change({ current_password: 'nope', new_password: 'Valid#2027', confirm_password: 'Valid#2027' });
    expect(wrong.json().code).toBe('current_password_incorrect');
    const mismatch = await change({ current_password: DEMO.learner.password, new_password: 'Valid#2027', confirm_password: 'Valid#2028' });
    expect(mismatch.json().code).toBe('password_confirmation_mismatch');
    const short = await change({ current_password: DEMO.learner.password, new_password: 'abc', confirm_password: 'abc' });
    expect(short.json().code).toBe('password_too_short');

    const ok = await change({ current_password: DEMO.learner.password, new_password: 'Valid#2027', confirm_password: 'Valid#2027' });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(tokens) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(other) })).statusCode).toBe(401);
    const old = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password });
    expect(old.statusCode).toBe(400);
    await login(t.app, DEMO.learner.email, 'Valid#2027');
  });
});
