import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRAINING_OWNER } from '../../content/owners.ts';
import { ownerAccess } from '../../content/ownerAccess.ts';
import type { Db } from '../../db/database.ts';
import type { GroupTrainingRow } from '../../db/tables/training.table.ts';
import { notFound } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findTraining, loadTrainings } from '../../repositories/trainings.ts';

/** spec 2 §2.2 title slug of the trainings admin, and the §6 permissions on top of it. */
export const TRAININGS_TITLE = TRAINING_OWNER.admin.title;
export const TRAININGS_MANAGE = TRAINING_OWNER.admin.manage;
export const TRAININGS_SET_SCORE = 'trainings_set_score';


/** Reads need the title slug; writes also the manage permission (superusers pass). */
export function trainingAccess() {
  return ownerAccess(TRAINING_OWNER);
}

/** The selected client's training, or 404 (another client's training does not exist for this one). */
export async function trainingOr404(db: Db, request: FastifyRequest, id: number): Promise<GroupTrainingRow> {
  const row = await findTraining(db, clientOf(request), id);
  if (!row) throw notFound();
  return row;
}

export async function trainingAnswer(app: FastifyInstance, request: FastifyRequest, id: number) {
  const [training] = await loadTrainings(app.db, clientOf(request), [id], app.origins(request).app);
  if (!training) throw notFound();
  return training;
}
