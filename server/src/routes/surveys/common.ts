import type { FastifyRequest } from 'fastify';
import { SURVEY_OWNER } from '../../content/owners.ts';
import type { Db } from '../../db/database.ts';
import type { SurveyRow } from '../../db/tables/survey.table.ts';
import { readWriteAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findSurvey } from '../../repositories/surveys/admin.ts';

/** spec 1 §2.3 / §6.2: the `surveys` module item opens the list and the editor and changes them. */
export const surveyAccess = readWriteAccess(SURVEY_OWNER.admin.title, SURVEY_OWNER.admin.manage, SURVEY_OWNER.admin.refusal);

/** Unknown, deleted or another client's survey: it does not exist for this one. */
export const surveyNotFound = () => new HttpError(404, 'survey_not_found', 'Survey not found');

export async function surveyOr404(db: Db, request: FastifyRequest, id: number): Promise<SurveyRow> {
  const row = await findSurvey(db, clientOf(request), id);
  if (!row) throw surveyNotFound();
  return row;
}
