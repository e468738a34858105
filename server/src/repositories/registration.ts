/**
 * Self sign-up (spec 1 §2.1 register, §4.1 self_registered / awaiting_validation): the new
 * account, its uniqueness keys and its activation by the verification link.
 */
import type { ErrorCode } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { NewUserRow } from '../db/tables/user.table.ts';

/**
 * spec 1 §8.2 "Email already in use" / "Document already registered" (each with a link to
 * recover the password) and §5.3 "Registration used by another user".
 */
export async function registrationConflicts(
  db: Db, keys: { email: string; document: string | null; register: string | null },
): Promise<Partial<Record<'email' | 'document' | 'register', ErrorCode>>> {
  const conflicts: Partial<Record<'email' | 'document' | 'register', ErrorCode>> = {};
  if (await db.selectFrom('users').select('id').where('email', '=', keys.email).executeTakeFirst()) conflicts.email = 'email_already_in_use';
  if (keys.document && await db.selectFrom('users').select('id').where('document', '=', keys.document).executeTakeFirst()) {
    conflicts.document = 'document_already_registered';
  }
  if (keys.register && await db.selectFrom('users').select('id').where('register', '=', keys.register).executeTakeFirst()) {
    conflicts.register = 'register_not_unique';
  }
  return conflicts;
}

/** The account and its link to the client, together. */
export async function createRegisteredUser(db: Db, values: NewUserRow, clientId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('user_clients').values({ user_id: id, client_id: clientId, profile_id: null, enrolled_at: new Date() }).execute();
    return id;
  });
}

/** A self-registered account whose e-mail was verified becomes active (once; false if it was not waiting). */
export async function activateSelfRegistered(db: Db, userId: number): Promise<boolean> {
  const res = await db.updateTable('users').set({ status: 'active', updated_at: new Date() })
    .where('id', '=', userId).where('status', '=', 'self_registered').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A pre-registered person completes their data (spec 1 §4.1 complete_registration → active); false if not waiting. */
export async function completePreRegistration(db: Db, userId: number, values: Partial<NewUserRow>): Promise<boolean> {
  const res = await db.updateTable('users').set({ ...values, status: 'active', updated_at: new Date() })
    .where('id', '=', userId).where('status', 'in', ['pre_registered', 'complete_registration']).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether another user holds the document or registration number (spec 1 §5.3). */
export async function otherHolder(db: Db, userId: number, column: 'document' | 'register', value: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst());
}
