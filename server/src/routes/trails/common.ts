import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { TrailRow } from '../../db/tables/trail.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findTrail, loadTrails } from '../../repositories/trails.ts';
import { readWriteAccess } from '../../lib/access.ts';

/** spec 2 §2.2 title slug of the trails admin, and the §6 permissions on top of it. */
export const TRAILS_TITLE = 'trails';
export const TRAILS_MANAGE = 'trails_manage';
export const TRAILS_SET_SCORE = 'trails_set_score';


/** Reads need the title slug; writes also trails_manage (superusers pass). */
export const trailAccess = readWriteAccess(TRAILS_TITLE, TRAILS_MANAGE, 'You do not have permission to change trails');

/** spec 2 §8 'Trail not found': a missing, deleted or other client's trail. */
export const trailNotFound = () => new HttpError(404, 'trail_not_found', 'Trail not found');

/** The selected client's trail, or 404 (another client's trail does not exist for this one). */
export async function trailOr404(db: Db, request: FastifyRequest, id: number): Promise<TrailRow> {
  const row = await findTrail(db, clientOf(request), id);
  if (!row) throw trailNotFound();
  return row;
}

export async function trailAnswer(app: FastifyInstance, request: FastifyRequest, id: number) {
  const [trail] = await loadTrails(app.db, clientOf(request), [id]);
  if (!trail) throw trailNotFound();
  return trail;
}
