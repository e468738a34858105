/**
 * Welcome banners (spec 3 §3, §4, §5): the admin's rows with their audience and confirmations,
 * the active banners the conflict rule compares, and the banner a learner is shown after login
 * until they confirm it (for good with just_confirm; for the rest of that login otherwise).
 */
import { BANNER_STATUS, type WelcomeBannerSlot, type WelcomeBannerType } from '@lp/shared/rules';
import type { LearnerWelcomeBanner, WelcomeBanner } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { WelcomeBannerRow } from '../db/tables/bannerMessage.table.ts';
import { inAudience, readAudience, readAudiences, writeAudience, type AudienceIds, type AudienceMember } from '../content/audience/index.ts';

export interface WelcomeBannerState extends AudienceIds {
  welcome_banner_type: WelcomeBannerType;
  title: string;
  text: string;
  desktop_image: string;
  mobile_image: string | null;
  start_date: string;
  end_date: string | null;
  just_confirm: boolean;
  user_logout: boolean;
  status: number;
}

export const EMPTY_WELCOME_BANNER: WelcomeBannerState = {
  welcome_banner_type: 'image', title: '', text: '', desktop_image: '', mobile_image: null, start_date: '', end_date: null,
  just_confirm: true, user_logout: false, status: BANNER_STATUS.active, areas: [], profiles: [], user_groups: [],
};

export function welcomeBannerQuery(db: Db, clientId: number) {
  return db.selectFrom('welcome_banners').selectAll('welcome_banners').where('welcome_banners.client_id', '=', clientId);
}

export async function findWelcomeBanner(db: Db, clientId: number, id: number): Promise<WelcomeBannerRow | undefined> {
  return welcomeBannerQuery(db, clientId).where('welcome_banners.id', '=', id).executeTakeFirst();
}

export async function welcomeBannerState(db: Db, row: WelcomeBannerRow): Promise<WelcomeBannerState> {
  const audience = await readAudience(db, 'welcome_banner', row.id);
  return {
    welcome_banner_type: row.welcome_banner_type as WelcomeBannerType, title: row.title, text: row.text, desktop_image: row.desktop_image,
    mobile_image: row.mobile_image, start_date: row.start_date, end_date: row.end_date, just_confirm: row.just_confirm,
    user_logout: row.user_logout, status: row.status, ...audience,
  };
}

async function confirmationCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('welcome_banner_confirmations')
    .select((eb) => ['welcome_banner_id', eb.fn.count<number>('user_id').distinct().as('n')])
    .where('welcome_banner_id', 'in', ids).groupBy('welcome_banner_id').execute();
  return new Map(rows.map((r) => [r.welcome_banner_id, Number(r.n)]));
}

export async function toWelcomeBanners(db: Db, rows: WelcomeBannerRow[]): Promise<WelcomeBanner[]> {
  const ids = rows.map((r) => r.id);
  const [audiences, counts] = await Promise.all([readAudiences(db, 'welcome_banner', ids), confirmationCounts(db, ids)]);
  return rows.map((row) => ({
    id: row.id, welcome_banner_type: row.welcome_banner_type as WelcomeBannerType, title: row.title, text: row.text,
    desktop_image: row.desktop_image, mobile_image: row.mobile_image, start_date: row.start_date, end_date: row.end_date,
    ...audiences.get(row.id)!, just_confirm: row.just_confirm, user_logout: row.user_logout, status: row.status,
    confirmations: counts.get(row.id) ?? 0, created_at: row.created_at, updated_at: row.updated_at,
  }));
}

const columns = (state: WelcomeBannerState) => ({
  welcome_banner_type: state.welcome_banner_type, title: state.title, text: state.text, desktop_image: state.desktop_image,
  mobile_image: state.mobile_image, start_date: state.start_date, end_date: state.end_date, just_confirm: state.just_confirm,
  user_logout: state.user_logout, status: state.status,
});

export async function insertWelcomeBanner(db: Db, clientId: number, userId: number, state: WelcomeBannerState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('welcome_banners')
    .values({ client_id: clientId, ...columns(state), created_by: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'welcome_banner', row.id, state);
  return row.id;
}

export async function updateWelcomeBanner(db: Db, clientId: number, id: number, state: WelcomeBannerState): Promise<boolean> {
  const result = await db.updateTable('welcome_banners').set({ ...columns(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeAudience(db, 'welcome_banner', id, state);
  return true;
}

export async function deleteWelcomeBanner(db: Db, clientId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('welcome_banners').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The client's active welcome banners that have not ended before `fromDay`, with their
 * audiences: what the spec 3 §5 conflict rule compares a candidate with.
 */
export async function activeWelcomeBannerSlots(db: Db, clientId: number, fromDay: string): Promise<Array<WelcomeBannerSlot & { title: string }>> {
  const rows = await welcomeBannerQuery(db, clientId)
    .where('welcome_banners.status', '=', BANNER_STATUS.active)
    .where((eb) => eb.or([eb('welcome_banners.end_date', 'is', null), eb('welcome_banners.end_date', '>=', fromDay)]))
    .orderBy('welcome_banners.start_date').orderBy('welcome_banners.id').execute();
  const audiences = await readAudiences(db, 'welcome_banner', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id, title: row.title, status: row.status, start_date: row.start_date, end_date: row.end_date, ...audiences.get(row.id)!,
  }));
}

const learnerShape = (row: WelcomeBannerRow): LearnerWelcomeBanner => ({
  id: row.id, welcome_banner_type: row.welcome_banner_type as WelcomeBannerType, title: row.title, text: row.text,
  desktop_image: row.desktop_image, mobile_image: row.mobile_image ?? row.desktop_image,
  just_confirm: row.just_confirm, user_logout: row.user_logout,
});

/**
 * The welcome banner to show the member in this login (token family), or null: active, today
 * within its dates, the member in its audience, and not yet confirmed — ever (just_confirm) or in
 * this login (otherwise). The earliest-starting one first, should the rule have let two overlap.
 */
export async function currentWelcomeBanner(db: Db, member: AudienceMember, familyId: string, today: string): Promise<LearnerWelcomeBanner | null> {
  const row = await welcomeBannerQuery(db, member.clientId)
    .where('welcome_banners.status', '=', BANNER_STATUS.active)
    .where('welcome_banners.start_date', '<=', today)
    .where((eb) => eb.or([eb('welcome_banners.end_date', 'is', null), eb('welcome_banners.end_date', '>=', today)]))
    .where(inAudience('welcome_banner', member))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('welcome_banner_confirmations as c').select('c.id')
      .whereRef('c.welcome_banner_id', '=', 'welcome_banners.id')
      .where('c.user_id', '=', member.userId)
      .where((inner) => inner.or([inner('welcome_banners.just_confirm', '=', true), inner('c.family_id', '=', familyId)])))))
    .orderBy('welcome_banners.start_date').orderBy('welcome_banners.id')
    .executeTakeFirst();
  return row ? learnerShape(row) : null;
}

/** A welcome banner the member may be shown today (confirmed or not), or undefined. */
export async function visibleWelcomeBanner(db: Db, member: AudienceMember, id: number, today: string): Promise<WelcomeBannerRow | undefined> {
  return welcomeBannerQuery(db, member.clientId)
    .where('welcome_banners.id', '=', id)
    .where('welcome_banners.status', '=', BANNER_STATUS.active)
    .where('welcome_banners.start_date', '<=', today)
    .where((eb) => eb.or([eb('welcome_banners.end_date', 'is', null), eb('welcome_banners.end_date', '>=', today)]))
    .where(inAudience('welcome_banner', member))
    .executeTakeFirst();
}

/** Records the confirmation; confirming twice in one login is the same confirmation. */
export async function confirmWelcomeBanner(db: Db, bannerId: number, userId: number, familyId: string): Promise<void> {
  try {
    await db.insertInto('welcome_banner_confirmations')
      .values({ welcome_banner_id: bannerId, user_id: userId, family_id: familyId, confirmed_at: new Date() })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The client's welcome banner as the list shows it (none or one row). */
export async function welcomeBannerRows(db: Db, clientId: number, id: number) {
  return welcomeBannerQuery(db, clientId).where('welcome_banners.id', '=', id).execute();
}
