/**
 * Who is asking, as the learner side needs it: the selected client, the user's
 * membership and profile in it (the audience rule of spec 2 §6 reads both), the language the
 * alt texts are shown in, and the client's training flags (comments, forum, subscription).
 */
import { trainingFlags, type TrainingClientFlags } from '@lp/shared/rules';
import type { AudienceMember } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';

export interface LearnerContext {
  clientId: number;
  userId: number;
  /** the user belongs to the selected client (user_clients); nobody else sees its content */
  member: boolean;
  /** the user's profile in the client, null when none */
  profileId: number | null;
  languageId: number;
  flags: TrainingClientFlags;
  /** an administrator's preview as this learner (spec 1 §2.3 "view editor as a student"): read, record nothing */
  preview?: boolean;
}

export async function learnerContext(db: Db, clientId: number, user: { id: number; language_id: number }): Promise<LearnerContext> {
  const [membership, client] = await Promise.all([
    db.selectFrom('user_clients').select('profile_id').where('user_id', '=', user.id).where('client_id', '=', clientId).executeTakeFirst(),
    db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst(),
  ]);
  return {
    clientId,
    userId: user.id,
    member: membership !== undefined,
    profileId: membership?.profile_id ?? null,
    languageId: user.language_id,
    flags: trainingFlags(client?.settings),
  };
}

/** The learner as the audience rule reads them; null outside the client (no audience holds them). */
export const audienceMemberOf = (ctx: LearnerContext): AudienceMember | null =>
  ctx.member ? { userId: ctx.userId, clientId: ctx.clientId, profileId: ctx.profileId } : null;

