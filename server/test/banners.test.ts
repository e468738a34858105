import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_PATHS, type Banner, type LearnerBannerList, type WelcomeBanner } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';

const API = '/api';
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * Banners and welcome banners (spec 3 §3 "Banners", §4 "Messages and banners",
 * §5 "Welcome banners" and "Banners", §6 banners / banners_welcome, §8 "Welcome banners").
 */
describe.each(DIALECTS)('banners and welcome banners on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherAdmin: Tokens;
  let host: string;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    host = new URL(t.config.publicUrl).host;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  /** A group of the demo client of its own (the seeded welcome banner targets the seeded groups). */
  async function newGroup(clientId = c.demo): Promise<number> {
    seq += 1;
    const row = await t.app.db.insertInto('user_groups').values({ client_id: clientId, name: `Banner group ${seq}-${Date.now()}`, created_at: new Date() })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** A learner of the demo client in `groupId`. */
  async function learnerIn(groupId: number | null): Promise<{ id: number; tokens: Tokens; email: string }> {
    const user = await adminWith(t.app, su, c.demo, []);
    if (groupId) await t.app.db.insertInto('user_group_members').values({ group_id: groupId, user_id: user.id }).execute();
    return user;
  }

  const bannerBody = (extra: Record<string, unknown> = {}) => ({
    banner_type: 'top', title: 'Black Friday', desktop_image: '/media/images/banners/x/desktop.png', mobile_image: '/media/images/banners/x/mobile.png',
    button_label: 'Ver ofertas', url: 'https://shop.example.com/ofertas', background_color: '#112233', text_color: '#ffffff', order: 2,
    start_date: day(0), end_date: day(10), status: 1, user_groups: [org.groups['Store leaders']!], ...extra,
  });

  it('refuses every admin route of banners, welcome banners, messages and the mailing list to anonymous users and learners (spec 3 §6)', async () => {
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const seen = new Set<string>();
    const routes = t.routes.filter((r) => (r.url.startsWith('/api/admin_banners/') || r.url.startsWith('/api/admin_messages/')) && r.method !== 'HEAD')
      .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const route of routes) {
      const request = { method: route.method as 'GET', url: route.url.replace(':id', '1'), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) };
      expect((await t.app.inject(request)).statusCode, `${route.method} ${route.url}`).toBe(401);
      const res = await t.app.inject({ ...request, headers: bearer(learner) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
  });

  describe('banners (admin)', () => {
    it('creates, reads, updates and deletes a banner (spec 3 §3 Banner)', async () => {
      const created = await call('POST', BANNER_PATHS.collection, su, bannerBody());
      expect(created.statusCode, created.body).toBe(201);
      const banner = created.json<Banner>();
      expect(banner).toMatchObject({
        banner_type: 'top', title: 'Black Friday', url: 'https://shop.example.com/ofertas', order: 2, status: 1, start_date: day(0),
        end_date: day(10), user_groups: [org.groups['Store leaders']], areas: [], profiles: [],
      });
      // an omitted field keeps its value; null clears the end date and the mobile image
      const updated = await call('PUT', BANNER_PATHS.item(banner.id), su, { title: 'Natal', end_date: null, mobile_image: null });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<Banner>()).toMatchObject({ title: 'Natal', end_date: null, mobile_image: null, url: 'https://shop.example.com/ofertas', order: 2 });

      const list = await call('GET', `${BANNER_PATHS.collection}?page_size=0&search=natal`, su);
      expect(list.json().results.map((b: Banner) => b.id)).toEqual([banner.id]);
      const simple = await call('GET', `${BANNER_PATHS.collection}?filter=${encodeURIComponent(JSON.stringify({ banner_type: 'top' }))}&range=[0,99]`, su);
      expect(simple.headers['content-range']).toMatch(/^banners 0-\d+\/\d+$/);

      expect((await call('DELETE', BANNER_PATHS.item(banner.id), su)).json<Banner>().id).toBe(banner.id);
      expect((await call('GET', BANNER_PATHS.item(banner.id), su)).statusCode).toBe(404);
    });

    it('applies the URL rule: without www, starting with http:// or the platform host (spec 3 §5 Banners)', async () => {
      for (const url of ['http://www.shop.com', 'www.shop.com', 'shop.example.com/x', 'ftp://shop.com', 'javascript:alert(1)']) {
        const res = await call('POST', BANNER_PATHS.collection, su, bannerBody({ url }));
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ code: 'invalid_banner_url', fields: { url: 'invalid_banner_url' } });
      }
      for (const url of ['http://shop.example.com', `${host}/courses`, '']) {
        expect((await call('POST', BANNER_PATHS.collection, su, bannerBody({ url }))).statusCode, url).toBe(201);
      }
    });

    it('refuses a bad banner with the field keys and saves nothing', async () => {
      const before = (await call('GET', `${BANNER_PATHS.collection}?page_size=0`, su)).json().count;
      const res = await call('POST', BANNER_PATHS.collection, su, bannerBody({
        banner_type: 'popup', title: '', desktop_image: null, start_date: day(5), end_date: day(1), user_groups: [], text_color: 'red',
      }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'make_sure_that_all_fields_are_filled_in',
        fields: {
          banner_type: 'validation_error', title: 'make_sure_that_all_fields_are_filled_in', desktop_image: 'make_sure_that_all_fields_are_filled_in',
          end_date: 'end_date_before_start_date', text_color: 'validation_error', user_groups: 'choose_user_groups_or_areas_and_profiles',
        },
      });
      // another client's group is not a choice
      const other = await newGroup(c.other);
      expect((await call('POST', BANNER_PATHS.collection, su, bannerBody({ user_groups: [other] }))).json()).toMatchObject({ fields: { user_groups: 'validation_error' } });
      expect((await call('GET', `${BANNER_PATHS.collection}?page_size=0`, su)).json().count).toBe(before);
    });

    it('needs the banners permission and keeps each client to its own banners (spec 3 §6)', async () => {
      const id = (await call('POST', BANNER_PATHS.collection, su, bannerBody())).json<Banner>().id;
      const without = await adminWith(t.app, su, c.demo, ['banners_welcome']);
      expect((await call('GET', BANNER_PATHS.collection, without.tokens)).statusCode).toBe(403);
      expect((await call('POST', BANNER_PATHS.collection, without.tokens, bannerBody())).statusCode).toBe(403);
      const manager = await adminWith(t.app, su, c.demo, ['banners']);
      expect((await call('PUT', BANNER_PATHS.item(id), manager.tokens, { title: 'Pelo gestor' })).json<Banner>().title).toBe('Pelo gestor');

      expect((await call('GET', BANNER_PATHS.item(id), otherAdmin)).statusCode).toBe(404);
      expect((await call('PUT', BANNER_PATHS.item(id), otherAdmin, { title: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', BANNER_PATHS.item(id), otherAdmin)).statusCode).toBe(404);
      expect((await call('GET', `${BANNER_PATHS.collection}?page_size=0`, otherAdmin)).json().results.map((b: Banner) => b.id)).not.toContain(id);
    });

    it('lets the banners permission upload banner images, and only it (editor-image directories)', async () => {
      const directory = (folder: string) => `media/images/${folder}/${new Date().getUTCFullYear()}/${String(new Date().getUTCMonth() + 1).padStart(2, '0')}/`;
      const policy = (tokens: Tokens, folder: string) => t.app.inject({
        method: 'POST', url: `${API}/files/policy/`, headers: bearer(tokens), payload: { filename: 'banner.png', file_directory: directory(folder) },
      });
      const banners = await adminWith(t.app, su, c.demo, ['banners']);
      const welcome = await adminWith(t.app, su, c.demo, ['banners_welcome']);
      expect((await policy(banners.tokens, 'banners')).statusCode).toBe(200);
      expect((await policy(welcome.tokens, 'banners')).statusCode).toBe(403);
      expect((await policy(welcome.tokens, 'welcome_banners')).statusCode).toBe(200);
      expect((await policy(banners.tokens, 'welcome_banners')).statusCode).toBe(403);
    });
  });

  describe('banners in the portal (spec 3 §4: within their dates, for their audience)', () => {
    const shown = async (tokens: Tokens, query = '') => (await call('GET', `${BANNER_PATHS.learnerBanners}${query}`, tokens)).json<LearnerBannerList>().results.map((b) => b.id);

    it('shows active banners of the learner’s audience whose dates hold today, both days included', async () => {
      const group = await newGroup();
      const learner = await learnerIn(group);
      const make = async (extra: Record<string, unknown>) =>
        (await call('POST', BANNER_PATHS.collection, su, bannerBody({ user_groups: [group], ...extra }))).json<Banner>().id;
      const today = await make({ start_date: day(0), end_date: day(0) });
      const open = await make({ start_date: day(-30), end_date: null, banner_type: 'card', mobile_image: null });
      const ended = await make({ start_date: day(-10), end_date: day(-1) });
      const later = await make({ start_date: day(1), end_date: day(5) });
      const inactive = await make({ status: 2 });

      const ids = await shown(learner.tokens);
      expect(ids).toEqual(expect.arrayContaining([today, open]));
      for (const hidden of [ended, later, inactive]) expect(ids).not.toContain(hidden);
      expect(await shown(learner.tokens, '?banner_type=card')).toEqual([open]);
      // without a mobile image the desktop one serves phones
      const card = (await call('GET', `${BANNER_PATHS.learnerBanners}?banner_type=card`, learner.tokens)).json<LearnerBannerList>().results[0]!;
      expect(card.mobile_image).toBe(card.desktop_image);
    });

    it('targets by user group, or by area and profile together; never another client’s learners', async () => {
      const group = await newGroup();
      const byGroup = (await call('POST', BANNER_PATHS.collection, su, bannerBody({ user_groups: [group] }))).json<Banner>().id;
      const byAreaProfile = (await call('POST', BANNER_PATHS.collection, su, bannerBody({
        user_groups: [], areas: [org.areas.Sales!], profiles: [org.profiles.Cashier!],
      }))).json<Banner>().id;
      const outsider = await learnerIn(null);
      expect(await shown(outsider.tokens)).not.toContain(byGroup);

      const member = await learnerIn(group);
      expect(await shown(member.tokens)).toContain(byGroup);
      expect(await shown(member.tokens)).not.toContain(byAreaProfile);
      await t.app.db.insertInto('user_areas').values({ user_id: member.id, client_id: c.demo, area_id: org.areas.Sales! }).execute();
      expect(await shown(member.tokens)).not.toContain(byAreaProfile);
      await t.app.db.updateTable('user_clients').set({ profile_id: org.profiles.Cashier! }).where('user_id', '=', member.id).where('client_id', '=', c.demo).execute();
      expect(await shown(member.tokens)).toContain(byAreaProfile);

      expect(await shown(otherAdmin)).not.toContain(byGroup);
      expect((await call('GET', BANNER_PATHS.learnerBanners, outsider.tokens)).statusCode).toBe(200);
      expect((await t.app.inject({ url: `${API}${BANNER_PATHS.learnerBanners}` })).statusCode).toBe(401);
    });
  });

  describe('welcome banners (admin; spec 3 §5 Welcome banners)', () => {
    const welcomeBody = (group: number, extra: Record<string, unknown> = {}) => ({
      welcome_banner_type: 'image', title: 'Bem-vindo', desktop_image: '/media/images/welcome_banners/x/d.png', mobile_image: null,
      start_date: day(0), end_date: day(10), just_confirm: true, user_logout: false, status: 1, user_groups: [group], ...extra,
    });
    const create = (body: object, tokens = su) => call('POST', BANNER_PATHS.welcomeCollection, tokens, body);

    it('refuses a start date earlier than today', async () => {
      const group = await newGroup();
      const res = await create(welcomeBody(group, { start_date: day(-1) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'welcome_banner_start_before_today', fields: { start_date: 'welcome_banner_start_before_today' } });
      expect((await create(welcomeBody(group, { start_date: day(0) }))).statusCode).toBe(201);
    });

    it('refuses a second active banner for an overlapping audience and period; disjoint ones are allowed', async () => {
      const group = await newGroup();
      const first = (await create(welcomeBody(group, { start_date: day(2), end_date: day(10) }))).json<WelcomeBanner>();

      const overlapping = await create(welcomeBody(group, { start_date: day(10), end_date: day(20) }));
      expect(overlapping.statusCode).toBe(409);
      expect(overlapping.json()).toMatchObject({ code: 'welcome_banner_conflict', fields: { start_date: 'welcome_banner_conflict' } });
      // sharing one of several groups is overlapping too
      const another = await newGroup();
      expect((await create(welcomeBody(another, { user_groups: [another, group] }))).json().code).toBe('welcome_banner_conflict');

      // another period, another audience, or an inactive banner: allowed
      expect((await create(welcomeBody(group, { start_date: day(11), end_date: day(12) }))).statusCode).toBe(201);
      expect((await create(welcomeBody(group, { start_date: day(0), end_date: day(1) }))).statusCode).toBe(201);
      expect((await create(welcomeBody(another))).statusCode).toBe(201);
      const inactive = (await create(welcomeBody(group, { start_date: day(3), end_date: day(4), status: 2 }))).json<WelcomeBanner>();
      expect(inactive.status).toBe(2);
      // …until it is made active
      expect((await call('PUT', BANNER_PATHS.welcomeItem(inactive.id), su, { status: 1 })).json().code).toBe('welcome_banner_conflict');
      // a banner does not conflict with itself
      expect((await call('PUT', BANNER_PATHS.welcomeItem(first.id), su, { title: 'Novo título' })).statusCode).toBe(200);
    });

    it('answers "already published" for an audience whose banner has no end, and for area or profile overlaps', async () => {
      const group = await newGroup();
      await create(welcomeBody(group, { start_date: day(30), end_date: null }));
      const res = await create(welcomeBody(group, { start_date: day(60), end_date: day(61) }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('welcome_banner_already_published');

      await create(welcomeBody(0, { user_groups: [], areas: [org.areas.Marketing!], profiles: [org.profiles['Regional manager']!], start_date: day(200), end_date: day(210) }));
      const byProfile = await create(welcomeBody(0, { user_groups: [], areas: [org.areas.Operations!], profiles: [org.profiles['Regional manager']!], start_date: day(205), end_date: day(206) }));
      expect(byProfile.json().code).toBe('welcome_banner_conflict');
    });

    it('offers the conflict check before saving (spec 3 §7)', async () => {
      const group = await newGroup();
      const existing = (await create(welcomeBody(group, { start_date: day(1), end_date: day(5), title: 'Existente' }))).json<WelcomeBanner>();
      const check = (body: object) => call('POST', BANNER_PATHS.welcomeConflict, su, body);
      const clash = await check({ start_date: day(5), end_date: day(9), user_groups: [group] });
      expect(clash.statusCode, clash.body).toBe(200);
      expect(clash.json()).toEqual({ conflict: { code: 'welcome_banner_conflict', id: existing.id, title: 'Existente', start_date: day(1), end_date: day(5) } });
      expect((await check({ start_date: day(6), end_date: null, user_groups: [group] })).json()).toEqual({ conflict: null });
      expect((await check({ id: existing.id, start_date: day(1), end_date: day(5), user_groups: [group] })).json()).toEqual({ conflict: null });
    });

    it('keeps a running banner’s past start date through an edit, and each client to its own (spec 3 §6)', async () => {
      const group = await newGroup();
      const banner = (await create(welcomeBody(group))).json<WelcomeBanner>();
      await t.app.db.updateTable('welcome_banners').set({ start_date: day(-3) }).where('id', '=', banner.id).execute();
      const edited = await call('PUT', BANNER_PATHS.welcomeItem(banner.id), su, { title: 'Ainda no ar' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<WelcomeBanner>().start_date).toBe(day(-3));

      const otherGroup = await newGroup(c.other);
      expect((await create(welcomeBody(otherGroup), otherAdmin)).statusCode).toBe(201);
      expect((await call('GET', BANNER_PATHS.welcomeItem(banner.id), otherAdmin)).statusCode).toBe(404);
      expect((await call('GET', BANNER_PATHS.welcomeCollection, (await adminWith(t.app, su, c.demo, ['banners'])).tokens)).statusCode).toBe(403);
    });
  });

  describe('welcome banners in the portal (spec 3 §3 just_confirm, user_logout)', () => {
    const current = async (tokens: Tokens) => (await call('GET', BANNER_PATHS.learnerWelcome, tokens)).json().banner as { id: number } | null;
    async function banner(group: number, extra: Record<string, unknown> = {}): Promise<number> {
      const res = await call('POST', BANNER_PATHS.welcomeCollection, su, {
        welcome_banner_type: 'image_and_text', title: 'Boas-vindas', text: '<p>Leia <script>alert(1)</script>com atenção</p>',
        desktop_image: '/media/images/welcome_banners/x/d.png', start_date: day(0), end_date: day(3), just_confirm: true, user_logout: false,
        status: 1, user_groups: [group], ...extra,
      });
      if (res.statusCode !== 201) throw new Error(`welcome banner: ${res.statusCode} ${res.body}`);
      return res.json<WelcomeBanner>().id;
    }

    it('shows a just_confirm banner until the learner confirms it, then never again', async () => {
      const group = await newGroup();
      const id = await banner(group);
      const learner = await learnerIn(group);
      const shown = await call('GET', BANNER_PATHS.learnerWelcome, learner.tokens);
      expect(shown.json().banner).toMatchObject({ id, title: 'Boas-vindas', just_confirm: true, user_logout: false, text: '<p>Leia com atenção</p>' });
      // until confirmed it stays, login after login
      expect((await current(await login(t.app, learner.email, 'Admin#Pass1')))?.id).toBe(id);

      expect((await call('POST', BANNER_PATHS.learnerWelcomeConfirm(id), learner.tokens)).statusCode).toBe(204);
      expect(await current(learner.tokens)).toBeNull();
      expect(await current(await login(t.app, learner.email, 'Admin#Pass1'))).toBeNull();
      expect((await call('GET', BANNER_PATHS.welcomeItem(id), su)).json<WelcomeBanner>().confirmations).toBe(1);
      // confirming twice is one confirmation
      expect((await call('POST', BANNER_PATHS.learnerWelcomeConfirm(id), learner.tokens)).statusCode).toBe(204);
    });

    it('shows a banner without just_confirm once per login', async () => {
      const group = await newGroup();
      const id = await banner(group, { just_confirm: false });
      const learner = await learnerIn(group);
      await call('POST', BANNER_PATHS.learnerWelcomeConfirm(id), learner.tokens);
      expect(await current(learner.tokens)).toBeNull();
      expect((await current(await login(t.app, learner.email, 'Admin#Pass1')))?.id).toBe(id);
    });

    it('logs out the learner who declines a user_logout banner; others cannot be declined', async () => {
      const group = await newGroup();
      const id = await banner(group, { user_logout: true, just_confirm: true });
      const learner = await learnerIn(group);
      expect((await call('GET', BANNER_PATHS.learnerWelcome, learner.tokens)).json().banner).toMatchObject({ id, user_logout: true });
      expect((await call('POST', BANNER_PATHS.learnerWelcomeDecline(id), learner.tokens)).statusCode).toBe(204);
      expect((await call('GET', BANNER_PATHS.learnerWelcome, learner.tokens)).statusCode).toBe(401);
      // declining is not confirming: the next login shows it again
      expect((await current(await login(t.app, learner.email, 'Admin#Pass1')))?.id).toBe(id);

      const plainGroup = await newGroup();
      const plain = await banner(plainGroup);
      const other = await learnerIn(plainGroup);
      const refused = await call('POST', BANNER_PATHS.learnerWelcomeDecline(plain), other.tokens);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('welcome_banner_decline_not_allowed');
      expect((await call('GET', BANNER_PATHS.learnerWelcome, other.tokens)).statusCode).toBe(200);
    });

    it('is not used up by an administrator in the administrative view of the learner', async () => {
      const group = await newGroup();
      const id = await banner(group);
      const learner = await learnerIn(group);
      const view = await call('POST', `/admin_users/users/${learner.id}/login_as/`, su);
      expect(view.statusCode, view.body).toBe(200);
      expect(await current(view.json<Tokens>())).toBeNull();
      expect((await current(learner.tokens))?.id).toBe(id);
    });

    it('greets the demo learner with the seeded banners, welcome banner and message', async () => {
      const demo = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      expect((await call('GET', BANNER_PATHS.learnerWelcome, demo)).json().banner).toMatchObject({ title: 'Bem-vindo à Academia Demo Retail', just_confirm: true });
      expect((await call('GET', BANNER_PATHS.learnerBanners, demo)).json<LearnerBannerList>().results.map((b) => b.banner_type).sort()).toEqual(['card', 'top']);
      expect((await call('GET', '/messages/unread_count/', demo)).json()).toEqual({ unread: 1 });
    });

    it('shows nothing outside the audience, the dates or the client', async () => {
      const group = await newGroup();
      const id = await banner(group, { start_date: day(1) });
      const learner = await learnerIn(group);
      expect(await current(learner.tokens)).toBeNull();
      expect((await call('POST', BANNER_PATHS.learnerWelcomeConfirm(id), learner.tokens)).statusCode).toBe(404);
      const outsider = await learnerIn(null);
      const live = await banner(await newGroup());
      expect((await call('POST', BANNER_PATHS.learnerWelcomeConfirm(live), outsider.tokens)).statusCode).toBe(404);
      expect((await call('POST', BANNER_PATHS.learnerWelcomeConfirm(live), otherAdmin)).statusCode).toBe(404);
    });
  });
});
