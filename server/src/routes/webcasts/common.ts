import type { FastifyRequest } from 'fastify';
import { WEBCAST_OWNER } from '../../content/owners.ts';
import { ownerAccess } from '../../content/ownerAccess.ts';
import type { Db } from '../../db/database.ts';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import { notFound } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findWebcast } from '../../repositories/webcasts.ts';

/** spec 2 §2.2 title slug of the webcasts admin, and the §6 permissions on top of it. */
export const WEBCASTS_TITLE = WEBCAST_OWNER.admin.title;
export const WEBCASTS_MANAGE = WEBCAST_OWNER.admin.manage;
export const WEBCAST_SET_SCORE = 'webcast_set_score';


/** Reads need the title slug; writes also the manage permission (superusers pass). */
export function webcastAccess() {
  return ownerAccess(WEBCAST_OWNER);
}

/** The selected client's webcast that is not deleted, or 404 (another client's does not exist for this one). */
export async function webcastOr404(db: Db, request: FastifyRequest, id: number): Promise<WebcastRow> {
  const row = await findWebcast(db, clientOf(request), id);
  if (!row) throw notFound();
  return row;
}
