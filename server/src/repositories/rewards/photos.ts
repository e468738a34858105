/**
 * Photo uploads of a campaign (spec 3 §2 "upload photos", §3 "Photo upload", §4 "Photo upload":
 * reproved with a reason, or deleted — irreversible). The photos are served signed (their
 * folder is restricted in lib/signedMedia.ts), like the invoices.
 */
import type { PhotoUpload, SaleStatus } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { RewardPhotoUploadRow } from '../../db/tables/reward.table.ts';
import type { MediaUrls } from '../../plugins/app/mediaLinks.ts';

export const photosQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_photo_uploads as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('reward_upload_file_types as t', 't.id', 'p.photo_type_id')
    .select(['p.id', 'p.campaign_id', 'p.user_id', 'u.full_name', 'p.photo_type_id', 't.name as photo_type', 'p.information', 'p.resource', 'p.status', 'p.reproval_reason', 'p.audited_at', 'p.created_at'])
    .where('p.client_id', '=', clientId);
type PhotoRow = Awaited<ReturnType<ReturnType<typeof photosQuery>['execute']>>[number];

export const toPhotos = (urls: MediaUrls, rows: readonly PhotoRow[]): PhotoUpload[] => rows.map((r) => ({
  id: r.id, campaign_id: r.campaign_id, user: { id: r.user_id, name: r.full_name }, photo_type_id: r.photo_type_id, photo_type: r.photo_type ?? null,
  information: r.information, url: urls(r.resource), status: r.status, reproval_reason: r.reproval_reason, audited_at: r.audited_at, created_at: r.created_at,
}));

export async function insertPhoto(
  db: Db, v: { clientId: number; campaignId: number; userId: number; photoTypeId: number | null; information: string; resource: string },
): Promise<number> {
  return (await db.insertInto('reward_photo_uploads').values({
    client_id: v.clientId, campaign_id: v.campaignId, user_id: v.userId, photo_type_id: v.photoTypeId, information: v.information, resource: v.resource, created_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findPhoto(db: Db, clientId: number, id: number): Promise<RewardPhotoUploadRow | undefined> {
  return db.selectFrom('reward_photo_uploads').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** Audits the photo if it is still in the status read. */
export async function auditPhoto(db: Db, photo: RewardPhotoUploadRow, to: Extract<SaleStatus, 'approved' | 'reproved'>, reason: string, auditorId: number): Promise<boolean> {
  const res = await db.updateTable('reward_photo_uploads').set({ status: to, reproval_reason: to === 'reproved' ? reason : '', auditor_id: auditorId, audited_at: new Date() })
    .where('id', '=', photo.id).where('status', '=', photo.status).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePhoto(db: Db, photo: RewardPhotoUploadRow): Promise<void> {
  await db.deleteFrom('reward_photo_uploads').where('id', '=', photo.id).execute();
}

/** The text of a chosen justification of the client (kind file). */
export async function fileJustificationText(db: Db, clientId: number, id: number): Promise<string | undefined> {
  return (await db.selectFrom('reward_audit_justifications').select('text').where('id', '=', id).where('client_id', '=', clientId).where('kind', '=', 'file')
    .executeTakeFirst())?.text;
}
