import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../lib/httpError.ts';
import { authOf, clientOf } from '../plugins/app/auth.ts';
import type { OwnerGuards, OwnerKind } from './owner.ts';
import { ownedDb } from './ownedDb.ts';
import { findLiveOwner } from './repository/owners.ts';

/** preValidation hooks of an owner's editor: reads need its title slug; writes also its manage permission (superusers pass). */
export function ownerGuards(app: FastifyInstance, owner: OwnerKind): OwnerGuards {
  const read = app.requireTitle(owner.admin.title);
  const manage = async (request: FastifyRequest) => {
    if (!hasPermission(authOf(request).subject, owner.admin.manage)) throw new HttpError(403, 'permission_denied', owner.admin.refusal);
  };
  return { read, write: [read, manage] };
}

/** The selected client's owner row that is not deleted (spec 2 §4.1), or 404: another client's does not exist for this one. */
export async function ownerOr404(db: Db, owner: OwnerKind, request: FastifyRequest, id: number): Promise<{ id: number }> {
  const row = await findLiveOwner(ownedDb(db, owner), clientOf(request), id);
  if (!row) throw notFound();
  return row;
}
