/**
 * Banners (spec 3 §3 "Banners"): the admin's rows with their audience, and what a learner sees
 * today — active banners of the selected client whose dates hold today and whose audience holds
 * the learner (content/audience).
 */
import { BANNER_DEFAULTS, type BannerType } from '@lp/shared/rules';
import type { Banner, LearnerBanner } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { BannerRow } from '../db/tables/bannerMessage.table.ts';
import { inAudience, readAudience, readAudiences, writeAudience, type AudienceIds, type AudienceMember } from '../content/audience/index.ts';

/** The stored values of a banner, in the contract's names. */
export interface BannerState extends AudienceIds {
  banner_type: BannerType;
  title: string;
  desktop_image: string;
  mobile_image: string | null;
  button_label: string;
  url: string;
  background_color: string;
  text_color: string;
  order: number;
  start_date: string;
  end_date: string | null;
  status: number;
}

export function bannerQuery(db: Db, clientId: number) {
  return db.selectFrom('banners').selectAll('banners').where('banners.client_id', '=', clientId);
}

export async function findBanner(db: Db, clientId: number, id: number): Promise<BannerRow | undefined> {
  return bannerQuery(db, clientId).where('banners.id', '=', id).executeTakeFirst();
}

export async function bannerState(db: Db, row: BannerRow): Promise<BannerState> {
  const audience = await readAudience(db, 'banner', row.id);
  return {
    banner_type: row.banner_type as BannerType, title: row.title, desktop_image: row.desktop_image, mobile_image: row.mobile_image,
    button_label: row.button_label, url: row.url, background_color: row.background_color, text_color: row.text_color,
    order: row.sort_order, start_date: row.start_date, end_date: row.end_date, status: row.status, ...audience,
  };
}

export async function toBanners(db: Db, rows: BannerRow[]): Promise<Banner[]> {
  const audiences = await readAudiences(db, 'banner', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id, banner_type: row.banner_type as BannerType, title: row.title, desktop_image: row.desktop_image,
    mobile_image: row.mobile_image, button_label: row.button_label, url: row.url, background_color: row.background_color,
    text_color: row.text_color, order: row.sort_order, start_date: row.start_date, end_date: row.end_date,
    ...audiences.get(row.id)!, status: row.status, created_at: row.created_at, updated_at: row.updated_at,
  }));
}

const columns = (state: BannerState) => ({
  banner_type: state.banner_type, title: state.title, desktop_image: state.desktop_image, mobile_image: state.mobile_image,
  button_label: state.button_label, url: state.url, background_color: state.background_color, text_color: state.text_color,
  sort_order: state.order, start_date: state.start_date, end_date: state.end_date, status: state.status,
});

export async function insertBanner(db: Db, clientId: number, userId: number, state: BannerState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('banners')
    .values({ client_id: clientId, ...columns(state), created_by: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'banner', row.id, state);
  return row.id;
}

export async function updateBanner(db: Db, clientId: number, id: number, state: BannerState): Promise<boolean> {
  const result = await db.updateTable('banners').set({ ...columns(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeAudience(db, 'banner', id, state);
  return true;
}

export async function deleteBanner(db: Db, clientId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export const EMPTY_BANNER: BannerState = {
  banner_type: 'top', title: '', desktop_image: '', mobile_image: null, button_label: '', url: '',
  background_color: BANNER_DEFAULTS.background_color, text_color: BANNER_DEFAULTS.text_color, order: BANNER_DEFAULTS.order,
  start_date: '', end_date: null, status: 1, areas: [], profiles: [], user_groups: [],
};

/** spec 3 §4: active banners whose days hold `today`, in the member's audience; by place, order, newest. */
export async function liveBanners(db: Db, member: AudienceMember, today: string, type?: BannerType): Promise<LearnerBanner[]> {
  let q = bannerQuery(db, member.clientId)
    .where('banners.status', '=', 1)
    .where('banners.start_date', '<=', today)
    .where((eb) => eb.or([eb('banners.end_date', 'is', null), eb('banners.end_date', '>=', today)]))
    .where(inAudience('banner', member));
  if (type) q = q.where('banners.banner_type', '=', type);
  const rows = await q.orderBy('banners.banner_type').orderBy('banners.sort_order').orderBy('banners.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id, banner_type: row.banner_type as BannerType, title: row.title, desktop_image: row.desktop_image,
    mobile_image: row.mobile_image ?? row.desktop_image, button_label: row.button_label, url: row.url,
    background_color: row.background_color, text_color: row.text_color, order: row.sort_order,
  }));
}

/** The client's banner as the list shows it (none or one row). */
export async function bannerRows(db: Db, clientId: number, id: number) {
  return bannerQuery(db, clientId).where('banners.id', '=', id).execute();
}
