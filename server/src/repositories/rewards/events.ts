/**
 * Events linked to a campaign with a QR code (spec 1 §6.2 events_qrcode; spec 3 §1 "events
 * linked to campaigns with QR code"; issue 18 item 2): scanning the event's code credits its
 * points to the campaign ledger once per user (kind event_qrcode, the event as the source).
 */
import { randomBytes } from 'node:crypto';
import type { CampaignEvent, CampaignEventInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { RewardCampaignEventRow } from '../../db/tables/reward.table.ts';

export async function campaignEvents(db: Db, clientId: number, campaignId: number, eventId?: number): Promise<CampaignEvent[]> {
  let q = db.selectFrom('reward_campaign_events as e')
    .select((eb) => [
      'e.id', 'e.campaign_id', 'e.title', 'e.event_date', 'e.points', 'e.qr_token', 'e.created_at',
      eb.selectFrom('reward_points_entries as p').select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('p.source_id', '=', 'e.id').whereRef('p.campaign_id', '=', 'e.campaign_id').where('p.kind', '=', 'event_qrcode').as('scans'),
    ])
    .where('e.client_id', '=', clientId).where('e.campaign_id', '=', campaignId);
  if (eventId !== undefined) q = q.where('e.id', '=', eventId);
  return (await q.orderBy('e.id').execute()).map((r) => ({ ...r, scans: Number(r.scans ?? 0) }));
}

export async function insertEvent(db: Db, clientId: number, campaignId: number, v: CampaignEventInput): Promise<number> {
  return (await db.insertInto('reward_campaign_events').values({
    client_id: clientId, campaign_id: campaignId, title: v.title.trim(), event_date: v.event_date ?? null, points: v.points,
    qr_token: randomBytes(18).toString('base64url'), created_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateEvent(db: Db, clientId: number, campaignId: number, id: number, v: CampaignEventInput): Promise<boolean> {
  const res = await db.updateTable('reward_campaign_events').set({ title: v.title.trim(), event_date: v.event_date ?? null, points: v.points })
    .where('id', '=', id).where('client_id', '=', clientId).where('campaign_id', '=', campaignId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteEvent(db: Db, clientId: number, campaignId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('reward_campaign_events').where('id', '=', id).where('client_id', '=', clientId).where('campaign_id', '=', campaignId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The client's event whose QR code carries `token` (another client's code is no event here). */
export async function eventByToken(db: Db, clientId: number, token: string): Promise<RewardCampaignEventRow | undefined> {
  return db.selectFrom('reward_campaign_events').selectAll().where('client_id', '=', clientId).where('qr_token', '=', token).executeTakeFirst();
}
