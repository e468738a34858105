import type { FastifyRequest } from 'fastify';
import { LIVE_CLASS_OWNER } from '../../content/owners.ts';
import { ownerAccess } from '../../content/ownerAccess.ts';
import type { Db } from '../../db/database.ts';
import type { LiveClassRow } from '../../db/tables/liveClass.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findLiveClass } from '../../repositories/liveClasses/classes.ts';

/** spec 1 §6.2: live_classes reads, live_classes_manage writes, live_class_set_score sets the score. */
export const liveClassAccess = ownerAccess(LIVE_CLASS_OWNER);
export const LIVE_CLASS_SET_SCORE = 'live_class_set_score';

/** spec 3 §8 "Live class not found" (also for another client's id: it does not exist for this one). */
export const liveClassNotFound = () => new HttpError(404, 'live_class_not_found', 'Live class not found');

export async function liveClassOr404(db: Db, request: FastifyRequest, id: number): Promise<LiveClassRow> {
  const row = await findLiveClass(db, clientOf(request), id);
  if (!row) throw liveClassNotFound();
  return row;
}
