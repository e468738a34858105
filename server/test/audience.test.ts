import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_STATUS, LIBRARY_FILE_STATUS, addDays, LOGIN_STATUSES, LIVE_CLASS_STATUS, NEWS_STATUS, PODCAST_STATUS, SURVEY_STATUS, GENERAL_TEST_STATUS, WEBCAST_STATUS, WILDCARD_STATUS, todayApiDate,
} from '@lp/shared/rules';
import {
  ADMIN_RESOURCES, AUDIENCE_PREVIEW_PATH, AUDIENCE_PREVIEW_SAMPLE, CONTENT_STATUS, WILDCARD_PATHS, type AudiencePreviewAnswer,
} from '@lp/shared/contract';
import {
  AUDIENCE_KINDS, audienceDb, audienceMember, copyAudience, foreignAudienceIds, hasMandatory, hasTags, inAudience, linkedTo, mandatoryFor, memberInAudienceOf, readAudience, readAudiences, tagNames, tagsUsedBy, writeAudience, type AudienceKind, type AudienceMember,
} from '../src/content/audience/index.ts';
import type { Db } from '../src/db/database.ts';
import { liveBanners } from '../src/repositories/banners.ts';
import { findLearnerFile } from '../src/repositories/library.ts';
import { learnerContext } from '../src/repositories/learner/context.ts';
import { findLearnerWebcast } from '../src/repositories/learner/webcasts.ts';
import { resolveRecipients } from '../src/repositories/messages.ts';
import { newRoomKey } from '../src/repositories/liveClasses/classes.ts';
import { isInAppointmentAudience } from '../src/repositories/presential/appointments.ts';
import { findLearnerLiveClass } from '../src/repositories/liveClasses/learner.ts';
import { visibleNews } from '../src/repositories/news.ts';
import { findLearnerPodcast } from '../src/repositories/podcasts.ts';
import { isInTrailAudience } from '../src/repositories/trailAudience.ts';
import { isInTrainingAudience } from '../src/repositories/trainingAudience.ts';
import { findOpenSurvey } from '../src/repositories/surveys/learner.ts';
import { findOpenGeneralTest } from '../src/repositories/generalTests/learner.ts';
import { visibleCampaigns } from '../src/repositories/rewards/learner.ts';
import { visibleWelcomeBanner } from '../src/repositories/welcomeBanners.ts';
import { learnerCalendar } from '../src/repositories/calendar.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';
import { DEMO } from '../src/seed/demo.ts';

const KINDS = Object.keys(AUDIENCE_KINDS) as AudienceKind[];

/** One content row of each kind, as a learner may meet it (published, active), with what its table requires; a new kind fails to compile until it has one. */
const OWNER_ROWS: Record<AudienceKind, (db: Db, clientId: number, title: string) => Promise<number>> = {
  training: async (db, client_id, title) => (await db.insertInto('group_trainings').values({
    client_id, title, code: null, unpublish_date: null, qty_certificate_expiration_days: null, image_url: null, certificate_image_url: null,
    status: CONTENT_STATUS.published, published_at: new Date(), created_by: null, created_at: new Date(), updated_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow()).id,
  trail: async (db, client_id, title) => (await db.insertInto('trails').values({
    client_id, title, image_url: null, availability_date: null, date_to_unpublish: null, qty_certificate_expiration_days: null,
    certificate_sync_started_at: null, certificate_sync_finished_at: null, status: CONTENT_STATUS.published, published_at: new Date(), created_by: null,
    created_at: new Date(), updated_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow()).id,
  webcast: async (db, client_id, title) => (await db.insertInto('webcasts').values({
    client_id, title, transmission_date: new Date(), code: null, image_url: null, unpublish_date: null, hls_path: null, created_by: null,
    status: WEBCAST_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,
  live_class: async (db, client_id, title) => (await db.insertInto('live_classes').values({
    client_id, title, live_class_type: 'open', live_class_date: new Date(), transmission_url: null, maximum_participants: 24, score: null,
    date_to_unpublish: null, room_key: newRoomKey(), created_by: null, status: LIVE_CLASS_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,
  news: async (db, client_id, title) => (await db.insertInto('news').values({
    client_id, title, image_url: null, content: '<p>x</p>', timezone: null, publish_date: null, unpublish_date: null, created_by: null,
    status: NEWS_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,
  library_file: async (db, client_id, title) => (await db.insertInto('library_files').values({
    client_id, category_id: null, title, resource: 'library/x.pdf', file_name: 'x.pdf', created_by: null, status: LIBRARY_FILE_STATUS.active,
  }).returning('id').executeTakeFirstOrThrow()).id,
  podcast: async (db, client_id, title) => (await db.insertInto('podcasts').values({
    client_id, title, image_url: null, date_to_unpublish: null, resource: 'podcasts/x.mp3', file_name: 'x.mp3', extension: 'mp3',
    status: PODCAST_STATUS.published, published_at: new Date(), created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id,
  banner: async (db, client_id, title) => (await db.insertInto('banners').values({
    client_id, banner_type: 'top', title, desktop_image: 'x.png', mobile_image: null, start_date: '2026-01-01', end_date: null, created_by: null,
    status: BANNER_STATUS.active,
  }).returning('id').executeTakeFirstOrThrow()).id,
  welcome_banner: async (db, client_id, title) => (await db.insertInto('welcome_banners').values({
    client_id, welcome_banner_type: 'image', title, desktop_image: 'x.png', mobile_image: null, start_date: '2026-01-01', end_date: null,
    created_by: null, status: BANNER_STATUS.active,
  }).returning('id').executeTakeFirstOrThrow()).id,
  message: async (db, client_id, title) => (await db.insertInto('messages').values({
    client_id, title, content: '<p>x</p>', send_date: new Date(), sent_at: null, created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id,
  wildcard_page: async (db, client_id, title) => (await db.insertInto('wildcard_pages').values({
    client_id, title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), created_by: null, status: WILDCARD_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,  presential_appointment: async (db, client_id, title) => (await db.insertInto('presential_appointments').values({
    client_id, title, training_code: null, course_id: null, appointment_type_id: null, product_category_id: null, product_id: null, training_type: 'open',
    minimum_participants: null, maximum_participants: null, expected_participants: null, minimum_score: null, owner_id: null, owner_email: null,
    cancellation_reason: null, requester_id: null, status: 'approved',
  }).returning('id').executeTakeFirstOrThrow()).id,
  survey: async (db, client_id, title) => (await db.insertInto('surveys').values({
    client_id, title, start_date: '2026-01-01', end_date: null, score: null, created_by: null, status: SURVEY_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,  reward_campaign: async (db, client_id, title) => (await db.insertInto('reward_campaigns').values({
    client_id, title, required_profile_id: null, start_date: null, end_date: null, status: 'published',
  }).returning('id').executeTakeFirstOrThrow()).id,
  general_test: async (db, client_id, title) => (await db.insertInto('general_tests').values({
    client_id, title, quantity_realizations: null, time_to_finish: 10, publish_date: '2026-01-01', unpublish_date: null, created_by: null,
    status: GENERAL_TEST_STATUS.published,
  }).returning('id').executeTakeFirstOrThrow()).id,
  schedule_event: async (db, client_id, title) => (await db.insertInto('schedule_events').values({
    client_id, title, starts_at: new Date(), time_zone: 'America/Sao_Paulo', created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id,
};

interface Asker { member: AudienceMember; tokens: Tokens }

/**
 * Whether the kind's own learner path lets `asker` see row `id`: the functions and routes the
 * portal reaches, so a module that filtered with a rule of its own would disagree with the table.
 */
const LEARNER_PATHS: Record<AudienceKind, (t: TestApp, asker: Asker, id: number) => Promise<boolean>> = {
  training: async (t, { member }, id) => isInTrainingAudience(t.app.db, member.clientId, id, member.userId),
  trail: async (t, { member }, id) => isInTrailAudience(t.app.db, member.clientId, id, member.userId),
  webcast: async (t, { member }, id) =>
    (await findLearnerWebcast(t.app.db, await learnerContext(t.app.db, member.clientId, { id: member.userId, language_id: 1 }), id)) !== undefined,
  live_class: async (t, { member }, id) =>
    (await findLearnerLiveClass(t.app.db, await learnerContext(t.app.db, member.clientId, { id: member.userId, language_id: 1 }), id, todayApiDate())) !== undefined,
  news: async (t, { member }, id) => (await visibleNews(t.app.db, member).select('news.id').where('news.id', '=', id).executeTakeFirst()) !== undefined,
  library_file: async (t, { member }, id) => (await findLearnerFile(t.app.db, member.clientId, member, id)) !== undefined,
  podcast: async (t, { member }, id) =>
    (await findLearnerPodcast(t.app.db, { clientId: member.clientId, userId: member.userId, member, today: todayApiDate() }, id)) !== undefined,
  banner: async (t, { member }, id) => (await liveBanners(t.app.db, member, todayApiDate())).some((b) => b.id === id),
  welcome_banner: async (t, { member }, id) => (await visibleWelcomeBanner(t.app.db, member, id, todayApiDate())) !== undefined,
  message: async (t, { member }, id) => (await resolveRecipients(t.app.db, member.clientId, id)).includes(member.userId),
  wildcard_page: async (t, { tokens }, id) => {
    const { slug } = await t.app.db.selectFrom('wildcard_pages').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
    const res = await t.app.inject({ url: `/api${WILDCARD_PATHS.learner(slug)}`, headers: bearer(tokens) });
    expect([200, 404]).toContain(res.statusCode);
    return res.statusCode === 200;
  },
  survey: async (t, { member }, id) =>
    (await findOpenSurvey(t.app.db, await learnerContext(t.app.db, member.clientId, { id: member.userId, language_id: 1 }), id, todayApiDate())) !== undefined,
  general_test: async (t, { member }, id) =>
    (await findOpenGeneralTest(t.app.db, await learnerContext(t.app.db, member.clientId, { id: member.userId, language_id: 1 }), id, todayApiDate())) !== undefined,
  presential_appointment: async (t, { member }, id) => isInAppointmentAudience(t.app.db, member.clientId, id, member.userId),
  reward_campaign: async (t, { member }, id) => (await visibleCampaigns(t.app.db, member.clientId, member.userId)).some((c) => c.id === id),
  // the learner calendar (and so the home's schedule block) around the item's day
  schedule_event: async (t, { member }, id) => (await learnerCalendar(
    t.app.db, await learnerContext(t.app.db, member.clientId, { id: member.userId, language_id: 1 }), { start: addDays(todayApiDate(), -1), end: addDays(todayApiDate(), 1) },
  )).some((item) => item.event?.id === id),
};

type Org = (o: OrgIds) => number;
const SALES: Org = (o) => o.areas.Sales!;
const OPERATIONS: Org = (o) => o.areas.Operations!;
const SALESPERSON: Org = (o) => o.profiles.Salesperson!;
const CASHIER: Org = (o) => o.profiles.Cashier!;
const LEADERS: Org = (o) => o.groups['Store leaders']!;
const ONBOARDING: Org = (o) => o.groups['Onboarding 2026']!;

/** Who asks: their profile in the demo client, their areas there (and elsewhere), their groups. */
const MEMBERS = {
  leader: { profile: CASHIER, areas: [OPERATIONS], groups: [LEADERS] },
  salesperson: { profile: SALESPERSON, areas: [SALES], groups: [] },
  salespersonElsewhere: { profile: SALESPERSON, areas: [OPERATIONS], groups: [] },
  cashierInSales: { profile: CASHIER, areas: [SALES], groups: [] },
  noProfileInSales: { profile: null, areas: [SALES], groups: [] },
  noProfileLeader: { profile: null, areas: [], groups: [LEADERS] },
  /** the Sales area is theirs in the other client only */
  salespersonSalesInOtherClient: { profile: SALESPERSON, areas: [], otherClientAreas: [SALES], groups: [] },
  nobody: { profile: null, areas: [], groups: [] },
} satisfies Record<string, { profile: Org | null; areas: Org[]; otherClientAreas?: Org[]; groups: Org[] }>;
type MemberName = keyof typeof MEMBERS;

/** Every one of the demo client's areas or profiles, however many the seed makes. */
const EVERY = 'every' as const;
type Chosen = Org[] | typeof EVERY;

/**
 * spec 2 §5.1, §6; spec 3 §1: one of its user groups, or one of the member's areas in the client
 * and their profile both chosen — where choosing every area (profile) of the client also takes
 * those without one (docs/architecture/audience.md). Each row: an audience, and exactly the
 * members it holds.
 */
const CASES: Array<{ name: string; areas: Chosen; profiles: Chosen; groups: Org[]; holds: MemberName[] }> = [
  { name: 'a group', areas: [], profiles: [], groups: [LEADERS], holds: ['leader', 'noProfileLeader'] },
  { name: 'an area and a profile', areas: [SALES], profiles: [SALESPERSON], groups: [], holds: ['salesperson'] },
  { name: 'areas without profiles', areas: [SALES, OPERATIONS], profiles: [], groups: [], holds: [] },
  { name: 'profiles without areas', areas: [], profiles: [SALESPERSON, CASHIER], groups: [], holds: [] },
  { name: 'nothing chosen', areas: [], profiles: [], groups: [], holds: [] },
  {
    name: 'a group or an area and a profile', areas: [SALES], profiles: [SALESPERSON], groups: [ONBOARDING, LEADERS],
    holds: ['leader', 'noProfileLeader', 'salesperson'],
  },
  {
    name: 'two areas and two profiles', areas: [SALES, OPERATIONS], profiles: [SALESPERSON, CASHIER], groups: [],
    holds: ['leader', 'salesperson', 'salespersonElsewhere', 'cashierInSales'],
  },
  { name: 'another group', areas: [], profiles: [], groups: [ONBOARDING], holds: [] },
  // the whole client: those without an area or a profile too
  { name: 'every area and every profile', areas: EVERY, profiles: EVERY, groups: [], holds: Object.keys(MEMBERS) as MemberName[] },
  {
    name: 'every area and one profile', areas: EVERY, profiles: [SALESPERSON], groups: [],
    holds: ['salesperson', 'salespersonElsewhere', 'salespersonSalesInOtherClient'],
  },
  { name: 'one area and every profile', areas: [SALES], profiles: EVERY, groups: [], holds: ['salesperson', 'cashierInSales', 'noProfileInSales'] },
  { name: 'every area without profiles', areas: EVERY, profiles: [], groups: [], holds: [] },
];

describe.each(DIALECTS)('content audience on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let org: OrgIds;
  const members = {} as Record<MemberName, AudienceMember>;
  const tokens = {} as Record<MemberName, Tokens>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    for (const [name, place] of Object.entries(MEMBERS) as Array<[MemberName, (typeof MEMBERS)[MemberName]]>) {
      const learner = await makeLearner(t.app, su, c.demo, {
        profile: place.profile?.(org) ?? null, areas: place.areas.map((a) => a(org)), groups: place.groups.map((g) => g(org)),
      });
      const elsewhere = 'otherClientAreas' in place ? place.otherClientAreas : [];
      if (elsewhere.length) {
        await t.app.db.insertInto('user_areas').values(elsewhere.map((a) => ({ user_id: learner.id, client_id: c.other, area_id: a(org) }))).execute();
      }
      members[name] = (await audienceMember(t.app.db, c.demo, learner.id))!;
      tokens[name] = learner.tokens;
    }
  });
  afterAll(async () => { await t.close(); });

  /** The ids among `ids` whose audience holds `member`, through the rule as the learner lists apply it. */
  const held = async (kind: AudienceKind, ids: number[], member: AudienceMember | null) =>
    (await audienceDb(t.app.db, kind).selectFrom('audience_owners').select('audience_owners.id')
      .where('audience_owners.id', 'in', ids).where(inAudience(kind, member)).orderBy('audience_owners.id').execute()).map((r) => r.id);

  /** A case's audience as ids. */
  const chosenIds = (audience: (typeof CASES)[number]) => {
    const pick = (chosen: Chosen, all: Record<string, number>) => (chosen === EVERY ? Object.values(all) : chosen.map((o) => o(org)));
    return { areas: pick(audience.areas, org.areas), profiles: pick(audience.profiles, org.profiles), user_groups: audience.groups.map((g) => g(org)) };
  };

  it.each(KINDS)('applies the one rule to every member of every case: %s', async (kind) => {
    const rows: Array<{ id: number; holds: MemberName[] }> = [];
    for (const [i, audience] of CASES.entries()) {
      const id = await OWNER_ROWS[kind](t.app.db, c.demo, `Rule ${kind} ${i}`);
      await writeAudience(t.app.db, kind, id, chosenIds(audience));
      rows.push({ id, holds: audience.holds });
    }
    const ids = rows.map((r) => r.id);
    for (const name of Object.keys(MEMBERS) as MemberName[]) {
      const expected = rows.filter((r) => r.holds.includes(name)).map((r) => r.id);
      expect(await held(kind, ids, members[name]), `${kind}: ${name}`).toEqual(expected);
    }
    // someone outside the client is in no audience
    expect(await held(kind, ids, null)).toEqual([]);

    // the same table the other way round: the client's members each row holds (who a message reaches)
    const ours = new Map(Object.entries(members).map(([name, m]) => [m.userId, name as MemberName]));
    for (const row of rows) {
      const reached = await t.app.db.selectFrom('user_clients').select('user_clients.user_id')
        .where('user_clients.client_id', '=', c.demo).where(memberInAudienceOf(kind, row.id)).execute();
      const names = reached.flatMap((r) => ours.get(r.user_id) ?? []).sort();
      expect(names, `${kind} row ${row.id}`).toEqual([...row.holds].sort());
    }

    // and the module's own learner path agrees with the table
    for (const row of rows) {
      for (const name of Object.keys(MEMBERS) as MemberName[]) {
        expect(await LEARNER_PATHS[kind](t, { member: members[name], tokens: tokens[name] }, row.id), `${kind} ${name} row ${row.id}`)
          .toBe(row.holds.includes(name));
      }
    }
  });

  it('previews whom an audience not saved yet reaches, with the same rule, in the caller\'s client only', async () => {
    const su = await loginSuperuser(t.app);
    const preview = async (who: Tokens, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api${AUDIENCE_PREVIEW_PATH}`, headers: bearer(who), payload });
    const loginable = (clientId: number) => t.app.db.selectFrom('user_clients').innerJoin('users', 'users.id', 'user_clients.user_id')
      .select('users.id').where('user_clients.client_id', '=', clientId).where('users.status', 'in', [...LOGIN_STATUSES]);
    // someone who cannot log in is reached by no preview
    const blocked = await makeLearner(t.app, su, c.demo, { profile: SALESPERSON(org), areas: [SALES(org)] });
    await t.app.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', blocked.id).execute();

    for (const audience of CASES) {
      const chosen = chosenIds(audience);
      const id = await OWNER_ROWS.training(t.app.db, c.demo, `Preview ${audience.name}`);
      await writeAudience(t.app.db, 'training', id, chosen);
      const reached = (await loginable(c.demo).where(memberInAudienceOf('training', id)).execute()).map((r) => r.id);
      const res = await preview(su, chosen);
      expect(res.statusCode, audience.name).toBe(200);
      const answer = res.json<AudiencePreviewAnswer>();
      expect(answer.count, audience.name).toBe(reached.length);
      expect(answer.sample).toHaveLength(Math.min(AUDIENCE_PREVIEW_SAMPLE, reached.length));
      for (const person of answer.sample) expect(reached).toContain(person.id);
      expect(reached).not.toContain(blocked.id);
    }
    // every area and every profile: everyone in the client who can log in, the seed's learner without an area or profile among them
    const everyone = (await loginable(c.demo).execute()).map((r) => r.id);
    const whole = (await preview(su, chosenIds(CASES.find((k) => k.name === 'every area and every profile')!))).json<AudiencePreviewAnswer>();
    expect(whole.count).toBe(everyone.length);
    expect(everyone).toContain(await userId(t.app, DEMO.learner.email));

    // the other client's manager: their own client's people only, and the demo client's ids refused
    const otherAdmin = { tokens: await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password) };
    const otherOrg = await orgIds(t.app, c.other);
    const theirs = await preview(otherAdmin.tokens, { areas: Object.values(otherOrg.areas), profiles: Object.values(otherOrg.profiles) });
    expect(theirs.statusCode).toBe(200);
    const otherPeople = (await loginable(c.other).execute()).map((r) => r.id);
    expect(theirs.json<AudiencePreviewAnswer>().count).toBe(otherPeople.length);
    for (const member of Object.values(members)) expect(otherPeople).not.toContain(member.userId);
    const foreign = await preview(otherAdmin.tokens, { areas: [SALES(org)], profiles: Object.values(otherOrg.profiles), user_groups: [LEADERS(org)] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'validation_error', fields: { areas: 'validation_error', user_groups: 'validation_error' } });

    // only someone who may open a screen with an audience
    const usersOnly = await adminWith(t.app, su, c.demo, [ADMIN_RESOURCES.users.title]);
    expect((await preview(usersOnly.tokens, { user_groups: [LEADERS(org)] })).statusCode).toBe(403);
    expect((await preview(tokens.leader, { user_groups: [LEADERS(org)] })).statusCode).toBe(403);
  });

  it.each(KINDS)('writes, reads back, replaces given dimensions only and copies: %s', async (kind) => {
    const id = await OWNER_ROWS[kind](t.app.db, c.demo, `Write ${kind}`);
    const copy = await OWNER_ROWS[kind](t.app.db, c.demo, `Copy ${kind}`);
    const tags = hasTags(kind) ? { tags: [org.tags.Product!, org.tags.Compliance!, org.tags.Product!] } : {};
    const mandatory = hasMandatory(kind) ? { mandatory_areas: [SALES(org)], mandatory_profiles: [] } : {};
    await writeAudience(t.app.db, kind, id, {
      ...tags, ...mandatory, areas: [OPERATIONS(org), SALES(org), SALES(org)], profiles: [SALESPERSON(org)], user_groups: [LEADERS(org)],
    });
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const stored = {
      ...(hasTags(kind) ? { tags: sorted([org.tags.Product!, org.tags.Compliance!]) } : {}),
      areas: sorted([OPERATIONS(org), SALES(org)]), profiles: [SALESPERSON(org)], user_groups: [LEADERS(org)],
      ...(hasMandatory(kind) ? { mandatory_areas: [SALES(org)], mandatory_profiles: [] } : {}),
    };
    expect(await readAudience(t.app.db, kind, id)).toEqual(stored);
    // the answer keeps the contract's order of fields: tags first, mandatory subsets last
    expect(Object.keys(await readAudience(t.app.db, kind, id))).toEqual(Object.keys(stored));

    await writeAudience(t.app.db, kind, id, { user_groups: [] });
    expect(await readAudience(t.app.db, kind, id)).toEqual({ ...stored, user_groups: [] });

    await copyAudience(t.app.db, kind, id, copy);
    const both = await readAudiences(t.app.db, kind, [id, copy]);
    expect(both.get(copy)).toEqual(both.get(id));

    // deleting the content row takes its links with it (ON DELETE CASCADE on every link table)
    await audienceDb(t.app.db, kind).deleteFrom('audience_owners').where('audience_owners.id', '=', copy).execute();
    const left = await audienceDb(t.app.db, kind).selectFrom('audience_areas').select('owner_id').where('owner_id', '=', copy).execute();
    expect(left).toEqual([]);
  });

  it('refuses dimensions a kind does not have', async () => {
    const banner = await OWNER_ROWS.banner(t.app.db, c.demo, 'No tags');
    await expect(writeAudience(t.app.db, 'banner', banner, { tags: [1] } as never)).rejects.toThrow('banner content has no tags');
    await expect(writeAudience(t.app.db, 'banner', banner, { areas: [], mandatory_areas: [] } as never)).rejects.toThrow('no mandatory_areas');
    const training = await OWNER_ROWS.training(t.app.db, c.demo, 'Mandatory alone');
    await expect(writeAudience(t.app.db, 'training', training, { mandatory_profiles: [] })).rejects.toThrow('mandatory_profiles is written with profiles');
  });

  it.each(['training', 'trail'] as const)('marks mandatory content for members whose profile and one area are mandatory: %s', async (kind) => {
    const both = await OWNER_ROWS[kind](t.app.db, c.demo, `Mandatory both ${kind}`);
    const profileOnly = await OWNER_ROWS[kind](t.app.db, c.demo, `Mandatory profile ${kind}`);
    const chosenOnly = await OWNER_ROWS[kind](t.app.db, c.demo, `Mandatory none ${kind}`);
    const audience = { areas: [SALES(org), OPERATIONS(org)], profiles: [SALESPERSON(org)] };
    await writeAudience(t.app.db, kind, both, { ...audience, mandatory_areas: [SALES(org)], mandatory_profiles: [SALESPERSON(org)] });
    await writeAudience(t.app.db, kind, profileOnly, { ...audience, mandatory_areas: [OPERATIONS(org)], mandatory_profiles: [SALESPERSON(org)] });
    await writeAudience(t.app.db, kind, chosenOnly, audience);
    const ids = [both, profileOnly, chosenOnly];
    expect([...await mandatoryFor(t.app.db, kind, members.salesperson, ids)]).toEqual([both]);
    expect([...await mandatoryFor(t.app.db, kind, members.salespersonElsewhere, ids)]).toEqual([profileOnly]);
    expect([...await mandatoryFor(t.app.db, kind, members.noProfileInSales, ids)]).toEqual([]);
  });

  it.each(['training', 'webcast', 'library_file'] as const)('filters by linked areas, groups and tags, any or all, and names tags: %s', async (kind) => {
    const product = org.tags.Product!;
    const compliance = org.tags.Compliance!;
    const one = await OWNER_ROWS[kind](t.app.db, c.demo, `Filter one ${kind}`);
    const two = await OWNER_ROWS[kind](t.app.db, c.demo, `Filter two ${kind}`);
    await writeAudience(t.app.db, kind, one, { areas: [SALES(org)], profiles: [], user_groups: [LEADERS(org)], tags: [product, compliance] });
    await writeAudience(t.app.db, kind, two, { areas: [SALES(org), OPERATIONS(org)], profiles: [], user_groups: [], tags: [compliance] });
    const filtered = async (dimension: 'areas' | 'user_groups' | 'tags', ids: number[], all = false) =>
      (await audienceDb(t.app.db, kind).selectFrom('audience_owners').select('audience_owners.id').where('audience_owners.id', 'in', [one, two])
        .where(linkedTo(kind, dimension, ids, { all })).orderBy('audience_owners.id').execute()).map((r) => r.id);
    expect(await filtered('areas', [SALES(org)])).toEqual([one, two]);
    expect(await filtered('areas', [OPERATIONS(org), SALES(org)], true)).toEqual([two]);
    expect(await filtered('user_groups', [LEADERS(org), ONBOARDING(org)])).toEqual([one]);
    expect(await filtered('tags', [product, compliance, product], true)).toEqual([one]);
    expect(await filtered('tags', [compliance])).toEqual([one, two]);

    const names = await tagNames(t.app.db, kind, [one, two]);
    expect(names.get(one)).toEqual([{ id: compliance, name: 'Compliance' }, { id: product, name: 'Product' }]);
    expect(names.get(two)).toEqual([{ id: compliance, name: 'Compliance' }]);
    const owners = audienceDb(t.app.db, kind).selectFrom('audience_owners').select('audience_owners.id').where('audience_owners.id', '=', two);
    expect(await tagsUsedBy(t.app.db, kind, c.demo, owners)).toEqual([{ id: compliance, name: 'Compliance' }]);
    expect(await tagsUsedBy(t.app.db, kind, c.other, owners)).toEqual([]);
  });

  it('names each dimension holding another client\'s ids', async () => {
    const otherArea = (await t.app.db.selectFrom('areas').select('id').where('client_id', '=', c.other).executeTakeFirstOrThrow()).id;
    expect(await foreignAudienceIds(t.app.db, c.demo, { tags: [org.tags.Product!], areas: [SALES(org), otherArea], profiles: [SALESPERSON(org)], user_groups: [] }))
      .toEqual({ areas: 'validation_error' });
    expect(await foreignAudienceIds(t.app.db, c.other, { tags: [org.tags.Product!], areas: [otherArea], user_groups: [LEADERS(org), LEADERS(org)] }))
      .toEqual({ tags: 'validation_error', user_groups: 'validation_error' });
    expect(await foreignAudienceIds(t.app.db, c.demo, { areas: [SALES(org), SALES(org)] })).toEqual({});
  });
});
