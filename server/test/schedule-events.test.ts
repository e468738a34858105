import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_PATHS, LEARNER_MENU_PATH, LEARNER_PATHS, SCHEDULE_EVENT_PATHS, type CalendarItems, type HomeDashboard, type LearnerMenu, type ScheduleEvent,
  type SessionUser,
} from '@lp/shared/contract';
import { LEARNER_MENU_KEYS, addDays, todayApiDate } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, AUDIENCE_GROUP, audienceLearner } from './completionFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * The calendar items administrators write (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule) and the
 * learner menu per client (spec 1 §2.3 settings for menu editing, §6.2 settings_menu).
 */
describe.each(DIALECTS)('schedule items and the learner menu on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let scheduler: Tokens;
  let member: { id: number; tokens: Tokens };
  let outsider: { id: number; tokens: Tokens };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    scheduler = (await adminWith(t.app, su, c.demo, ['schedule'])).tokens;
    member = await audienceLearner(t.app, su, c.demo, org);
    outsider = await adminWith(t.app, su, c.demo, []);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Convenção de vendas', description: 'Auditório da matriz', starts_at: '2026-12-03T19:00:00-03:00', time_zone: 'America/Sao_Paulo',
    link: 'https://meet.example.com/convencao', areas: [], profiles: [], user_groups: [org.groups[AUDIENCE_GROUP]!], ...over,
  });
  const calendar = async (tokens: Tokens, path: string = CALENDAR_PATHS.learner, range = '?start=2026-11-29&end=2027-01-09') => {
    const res = await call('GET', `${path}${range}`, tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CalendarItems>().results.filter((i) => i.kind === 'event');
  };

  it('creates, reads, lists, updates and deletes an item, its time kept as an instant with its zone', async () => {
    const created = await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body());
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<ScheduleEvent>();
    expect(event).toMatchObject({
      title: 'Convenção de vendas', starts_at: '2026-12-03T22:00:00.000Z', time_zone: 'America/Sao_Paulo', link: 'https://meet.example.com/convencao',
      areas: [], profiles: [], user_groups: [org.groups[AUDIENCE_GROUP]!],
    });
    expect((await call('GET', SCHEDULE_EVENT_PATHS.item(event.id), scheduler)).json()).toEqual(event);

    const list = await call('GET', `${SCHEDULE_EVENT_PATHS.collection}?page=1&page_size=50&search=Convenção`, scheduler);
    expect(list.json<{ count: number; results: ScheduleEvent[] }>().results.map((e) => e.id)).toContain(event.id);

    // an omitted field keeps its value; the zone moves the same wall clock
    const updated = await call('PUT', SCHEDULE_EVENT_PATHS.item(event.id), scheduler, { title: 'Convenção 2026', starts_at: '2026-12-03T19:00:00+01:00', time_zone: 'Europe/Paris' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Convenção 2026', starts_at: '2026-12-03T18:00:00.000Z', time_zone: 'Europe/Paris', description: 'Auditório da matriz' });

    const deleted = await call('DELETE', SCHEDULE_EVENT_PATHS.item(event.id), scheduler);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().title).toBe('Convenção 2026');
    expect((await call('GET', SCHEDULE_EVENT_PATHS.item(event.id), scheduler)).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('schedule_event_user_groups').selectAll().where('owner_id', '=', event.id).execute()).toEqual([]);
  });

  it('refuses what the rules refuse, with the fields, and saves nothing', async () => {
    const res = await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body({
      title: ' ', starts_at: '2026-12-03 19:00', time_zone: 'Mars/Olympus', link: 'javascript:alert(1)', user_groups: [],
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'make_sure_that_all_fields_are_filled_in',
      fields: {
        title: 'make_sure_that_all_fields_are_filled_in', starts_at: 'validation_error', time_zone: 'invalid_timezone', link: 'invalid_schedule_link',
        user_groups: 'choose_user_groups_or_areas_and_profiles',
      },
    });
    // another client's group is no audience of this one's
    const otherGroup = (await orgIds(t.app, c.other)).groups;
    const foreign = await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body({ user_groups: [Object.values(otherGroup)[0] ?? 999999] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty('user_groups');
    expect(await t.app.db.selectFrom('schedule_events').select('id').where('title', '=', ' ').execute()).toEqual([]);
  });

  it('shows an item in the calendar and home of its audience only, and every item in the schedule', async () => {
    const soon = new Date(Date.now() + 2 * 3600_000);
    const wall = (d: Date) => d.toISOString().replace('.000Z', '').replace(/\.\d{3}Z$/, '') + '+00:00';
    const forGroup = (await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body({ title: 'Para o grupo', starts_at: wall(soon), time_zone: 'Etc/GMT' }))).json<ScheduleEvent>();
    const forLeaders = (await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body({
      title: 'Para os líderes', starts_at: wall(soon), time_zone: 'Etc/GMT', user_groups: [org.groups['Store leaders']!],
    }))).json<ScheduleEvent>();
    const range = `?start=${addDays(todayApiDate(), -1)}&end=${addDays(todayApiDate(), 30)}`;

    const mine = await calendar(member.tokens, CALENDAR_PATHS.learner, range);
    expect(mine.map((i) => i.title)).toContain('Para o grupo');
    expect(mine.map((i) => i.title)).not.toContain('Para os líderes');
    expect(mine.find((i) => i.title === 'Para o grupo')).toMatchObject({
      kind: 'event', date: null, event: { id: forGroup.id, description: 'Auditório da matriz', link: 'https://meet.example.com/convencao', time_zone: 'Etc/GMT' },
    });
    expect((await calendar(outsider.tokens, CALENDAR_PATHS.learner, range)).map((i) => i.title)).not.toContain('Para o grupo');

    // the home's schedule block is the learner calendar's next items
    const home = await call('GET', LEARNER_PATHS.home, member.tokens);
    expect(home.statusCode, home.body).toBe(200);
    const block = (home.json<HomeDashboard>().schedule ?? []).map((i) => i.title);
    expect(block).toContain('Para o grupo');
    expect(block).not.toContain('Para os líderes');
    const outsiderHome = ((await call('GET', LEARNER_PATHS.home, outsider.tokens)).json<HomeDashboard>().schedule ?? []).map((i) => i.title);
    expect(outsiderHome).not.toContain('Para o grupo');

    const schedule = await calendar(scheduler, CALENDAR_PATHS.admin, range);
    expect(schedule.map((i) => i.event?.id)).toEqual(expect.arrayContaining([forGroup.id, forLeaders.id]));
  });

  it('keeps each client’s items to itself and asks for the schedule module item', async () => {
    const mine = (await call('POST', SCHEDULE_EVENT_PATHS.collection, scheduler, body({ title: 'Só da Demo' }))).json<ScheduleEvent>();
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call('GET', SCHEDULE_EVENT_PATHS.item(mine.id), other)).statusCode).toBe(404);
    expect((await call('PUT', SCHEDULE_EVENT_PATHS.item(mine.id), other, { title: 'Tomado' })).statusCode).toBe(404);
    expect((await call('DELETE', SCHEDULE_EVENT_PATHS.item(mine.id), other)).statusCode).toBe(404);
    const theirs = (await call('GET', `${SCHEDULE_EVENT_PATHS.collection}?page=1&page_size=100`, other)).json<{ results: ScheduleEvent[] }>();
    expect(theirs.results.map((e) => e.id)).not.toContain(mine.id);
    expect(await calendar(other, CALENDAR_PATHS.admin)).toEqual([]);

    for (const [method, url] of [['GET', SCHEDULE_EVENT_PATHS.collection], ['POST', SCHEDULE_EVENT_PATHS.collection], ['PUT', SCHEDULE_EVENT_PATHS.item(mine.id)], ['DELETE', SCHEDULE_EVENT_PATHS.item(mine.id)]] as const) {
      const res = await call(method, url, outsider.tokens, method === 'POST' || method === 'PUT' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', SCHEDULE_EVENT_PATHS.item(mine.id), scheduler)).json().title).toBe('Só da Demo');
  });

  it('renames, hides and reorders the learner menu per client, and the session carries it (settings_menu)', async () => {
    const menuAdmin = (await adminWith(t.app, su, c.demo, ['settings_menu'])).tokens;
    const first = await call('GET', LEARNER_MENU_PATH, menuAdmin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LearnerMenu>().entries.map((e) => e.key)).toEqual([...LEARNER_MENU_KEYS]);

    const saved = await call('PUT', LEARNER_MENU_PATH, menuAdmin, {
      entries: [{ key: 'calendar', label: ' Agenda ', hidden: false }, { key: 'trails', label: '', hidden: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = saved.json<LearnerMenu>().entries;
    expect(entries.slice(0, 3)).toEqual([
      { key: 'calendar', label: 'Agenda', hidden: false }, { key: 'trails', label: '', hidden: true }, { key: 'home', label: '', hidden: false },
    ]);
    expect(entries).toHaveLength(LEARNER_MENU_KEYS.length);

    // the portal's first load: the session it reads anyway
    const session = (await call('GET', '/users/session/', member.tokens)).json<SessionUser>();
    const demo = session.user_clients.find((client) => client.id === c.demo)!;
    expect(demo.settings.learner_menu.slice(0, 2)).toEqual([{ key: 'calendar', label: 'Agenda', hidden: false }, { key: 'trails', label: '', hidden: true }]);

    // the other client keeps its own menu; a learner and a repeated entry are refused
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call('GET', LEARNER_MENU_PATH, other)).json<LearnerMenu>().entries[0]!.key).toBe('home');
    expect((await call('PUT', LEARNER_MENU_PATH, member.tokens, { entries: [] })).statusCode).toBe(403);
    expect((await call('GET', LEARNER_MENU_PATH, scheduler)).statusCode).toBe(403);
    const twice = await call('PUT', LEARNER_MENU_PATH, menuAdmin, { entries: [{ key: 'feed', label: '', hidden: false }, { key: 'feed', label: 'x', hidden: true }] });
    expect(twice.statusCode).toBe(400);
    expect((await call('PUT', LEARNER_MENU_PATH, menuAdmin, { entries: [{ key: 'nowhere', label: '', hidden: false }] })).statusCode).toBe(400);
    // the configuration screen's body cannot set it behind settings_menu's back (an unknown key is dropped)
    await call('PUT', '/admin_config/configuration/', su, { settings: { learner_menu: [] } });
    expect((await call('GET', LEARNER_MENU_PATH, menuAdmin)).json<LearnerMenu>().entries[0]!.key).toBe('calendar');
  });
});
