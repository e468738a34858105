import type { FastifyRequest } from 'fastify';
import { DRILL_OWNER } from '../../content/owners.ts';
import type { Db } from '../../db/database.ts';
import type { DrillRow } from '../../db/tables/drill.table.ts';
import { readWriteAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findDrill } from '../../repositories/drills/admin.ts';

/** spec 1 §2.3 / spec 3 §6: the `drills` module item opens the list and the editor and changes them. */
export const drillAccess = readWriteAccess(DRILL_OWNER.admin.title, DRILL_OWNER.admin.manage, DRILL_OWNER.admin.refusal);

/** Unknown, deleted or another client's drill: it does not exist for this one. */
export const drillNotFound = () => new HttpError(404, 'drill_not_found', 'Drill not found');

export async function drillOr404(db: Db, request: FastifyRequest, id: number): Promise<DrillRow> {
  const row = await findDrill(db, clientOf(request), id);
  if (!row) throw drillNotFound();
  return row;
}
