/**
 * "View editor as a student" (spec 1 §2.3, module item view_editor): whom a preview answers as,
 * and the content it may be asked for — both in the selected client only.
 */
import { CONTENT_STATUS, type PreviewGrantInput, type PreviewKind } from '@lp/shared/contract';
import { LOGIN_STATUSES, WEBCAST_STATUS } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';

export interface PreviewLearner { id: number; full_name: string }

/**
 * The learner a preview answers as: the chosen person when they belong to the client, otherwise
 * the first person (by name) of the client who can log in and holds every chosen area, profile
 * and user group. Null when nobody does (or nothing was chosen).
 */
export async function previewLearner(db: Db, clientId: number, choice: Omit<PreviewGrantInput, 'kind' | 'content_id'>): Promise<PreviewLearner | null> {
  const { user_id: userId, area_id: areaId, profile_id: profileId, user_group_id: groupId } = choice;
  if (userId == null && areaId == null && profileId == null && groupId == null) return null;
  let query = db.selectFrom('users').innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select(['users.id', 'users.full_name'])
    .where('user_clients.client_id', '=', clientId);
  if (userId != null) {
    return (await query.where('users.id', '=', userId).executeTakeFirst()) ?? null;
  }
  query = query.where('users.status', 'in', [...LOGIN_STATUSES]);
  if (profileId != null) query = query.where('user_clients.profile_id', '=', profileId);
  if (areaId != null) {
    query = query.where((eb) => eb.exists(eb.selectFrom('user_areas').select('user_areas.user_id')
      .whereRef('user_areas.user_id', '=', 'users.id').where('user_areas.client_id', '=', clientId).where('user_areas.area_id', '=', areaId)));
  }
  if (groupId != null) {
    query = query.where((eb) => eb.exists(eb.selectFrom('user_group_members').innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
      .select('user_group_members.user_id')
      .whereRef('user_group_members.user_id', '=', 'users.id').where('user_groups.client_id', '=', clientId).where('user_groups.id', '=', groupId)));
  }
  return (await query.orderBy('users.full_name').orderBy('users.id').limit(1).executeTakeFirst()) ?? null;
}

/** The content exists in the client (whatever its status but deleted: an editor previews drafts' audience too). */
export async function previewContentExists(db: Db, clientId: number, kind: PreviewKind, id: number): Promise<boolean> {
  const row = kind === 'training'
    ? await db.selectFrom('group_trainings').select('id').where('id', '=', id).where('client_id', '=', clientId)
      .where('status', '!=', CONTENT_STATUS.deleted).executeTakeFirst()
    : await db.selectFrom('webcasts').select('id').where('id', '=', id).where('client_id', '=', clientId)
      .where('status', '!=', WEBCAST_STATUS.deleted).executeTakeFirst();
  return row !== undefined;
}
