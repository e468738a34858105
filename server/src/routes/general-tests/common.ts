import type { FastifyRequest } from 'fastify';
import { GENERAL_TEST_OWNER } from '../../content/owners.ts';
import type { Db } from '../../db/database.ts';
import type { GeneralTestRow } from '../../db/tables/generalTest.table.ts';
import { readWriteAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findGeneralTest } from '../../repositories/generalTests/admin.ts';

/** spec 1 §2.3 / spec 3 §6: the `general_tests` module item opens the list and the editor and changes them. */
export const generalTestAccess = readWriteAccess(GENERAL_TEST_OWNER.admin.title, GENERAL_TEST_OWNER.admin.manage, GENERAL_TEST_OWNER.admin.refusal);

export const generalTestNotFound = () => new HttpError(404, 'general_test_not_found', 'Assessment not found');

/** spec 3 §4, §8: "This Assessment already has results and therefore cannot be edited." */
export const generalTestLocked = () => new HttpError(409, 'general_test_has_results', 'This Assessment already has results and therefore cannot be edited.');

export async function generalTestOr404(db: Db, request: FastifyRequest, id: number): Promise<GeneralTestRow> {
  const row = await findGeneralTest(db, clientOf(request), id);
  if (!row) throw generalTestNotFound();
  return row;
}
