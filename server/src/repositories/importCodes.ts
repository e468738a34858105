/**
 * Client import codes (spec 1 §2.3 `import-code`): the selected client's codes, and the one
 * lookup self-registration and the users import make — which client a code names.
 */
import { normaliseImportCode } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { HttpError } from '../lib/httpError.ts';

export const importCodesQuery = (db: Db, clientId: number) =>
  db.selectFrom('client_import_codes').select(['id', 'code', 'description', 'created_at']).where('client_id', '=', clientId);

const taken = () => new HttpError(409, 'import_code_not_unique', 'This code is already in use', { code: 'import_code_not_unique' });

/** A code names one client across the platform: another row with it (of any client) refuses. */
async function refuseTaken(db: Db, code: string, exceptId: number | null): Promise<void> {
  let q = db.selectFrom('client_import_codes').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw taken();
}

/** Two saves of one code at once: the unique key lets one through, the other answers not unique. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function insertImportCode(db: Db, clientId: number, input: { code: string; description?: string }): Promise<number> {
  const code = normaliseImportCode(input.code);
  await refuseTaken(db, code, null);
  const row = await uniquely(() => db.insertInto('client_import_codes')
    .values({ client_id: clientId, code, description: input.description?.trim() ?? '', created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow());
  return row.id;
}

/** False when the row is not the client's. */
export async function updateImportCode(db: Db, clientId: number, id: number, input: { code: string; description?: string }): Promise<boolean> {
  const own = await db.selectFrom('client_import_codes').select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!own) return false;
  const code = normaliseImportCode(input.code);
  await refuseTaken(db, code, id);
  await uniquely(() => db.updateTable('client_import_codes')
    .set({ code, ...(input.description !== undefined ? { description: input.description.trim() } : {}) })
    .where('id', '=', id).where('client_id', '=', clientId).execute());
  return true;
}

export async function deleteImportCode(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('client_import_codes').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The client a code names (case and spaces around it ignored), or null. */
export async function clientOfImportCode(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('client_import_codes').select('client_id').where('code', '=', normaliseImportCode(code)).executeTakeFirst();
  return row?.client_id ?? null;
}

/** The codes of one client (the users import checks its rows' codes against them). */
export async function importCodesOfClient(db: Db, clientId: number): Promise<string[]> {
  return (await db.selectFrom('client_import_codes').select('code').where('client_id', '=', clientId).execute()).map((r) => r.code);
}
