import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/httpError.ts';
import { clientOf } from '../plugins/app/auth.ts';
import type { OwnerAccess, OwnerKind } from './owner.ts';
import { ownedDb } from './ownedDb.ts';
import { findLiveOwner } from './repository/owners.ts';
import { readWriteAccess } from '../lib/access.ts';

/** Access to an owner's editor: reads need its title slug; writes also its manage permission (superusers pass). */
export function ownerAccess(owner: OwnerKind): OwnerAccess {
  return readWriteAccess(owner.admin.title, owner.admin.manage, owner.admin.refusal);
}

/** The selected client's owner row that is not deleted (spec 2 §4.1), or 404: another client's does not exist for this one. */
export async function ownerOr404(db: Db, owner: OwnerKind, request: FastifyRequest, id: number): Promise<{ id: number }> {
  const row = await findLiveOwner(ownedDb(db, owner), clientOf(request), id);
  if (!row) throw notFound();
  return row;
}
