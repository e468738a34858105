/**
 * Whom an audience reaches, before it is saved: the editors' preview "reaches N people" (spec 2
 * §5.1, §6; spec 3 §1). The members are counted with the learner rule itself
 * (`memberInChosenAudience`, rule.ts), among the client's people who can log in (spec 1 §4.1):
 * one count and one short, named sample — two small queries whatever the client's size.
 */
import { LOGIN_STATUSES } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { memberInChosenAudience, type ChosenAudience } from './rule.ts';

export interface AudienceReach {
  count: number;
  sample: Array<{ id: number; full_name: string }>;
}

export async function audienceReach(db: Db, clientId: number, audience: ChosenAudience, sampleSize: number): Promise<AudienceReach> {
  const reached = db.selectFrom('user_clients').innerJoin('users', 'users.id', 'user_clients.user_id')
    .where('user_clients.client_id', '=', clientId)
    .where('users.status', 'in', [...LOGIN_STATUSES])
    .where(memberInChosenAudience(audience));
  const [total, sample] = await Promise.all([
    reached.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    reached.select(['users.id', 'users.full_name']).orderBy('users.full_name').orderBy('users.id').limit(sampleSize).execute(),
  ]);
  // pg answers a count as a string
  return { count: Number(total.n), sample };
}
