import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Questionnaire, QuestionnaireInput } from '@lp/shared/contract';
import { formErrorCode, validateQuestionnaire } from '@lp/shared/rules';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  deleteQuestionnaire, insertQuestionnaire, questionnaireInUse, questionnairesQuery, toQuestionnaires, updateQuestionnaire,
} from '../../repositories/fieldSales/questionnaires.ts';

/** spec 3 §5 rules of a questionnaire (shared validateQuestionnaire), answered with the field of each problem. */
function validated(input: QuestionnaireInput): QuestionnaireInput {
  const fields = validateQuestionnaire({
    title: input.title, steps: input.steps.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, required: q.required ?? false, options: q.options ?? [] })) })),
  });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The questionnaire is not valid', fields);
  return input;
}

/** spec 1 §2.3 4traders/questions (4traders_questions): the questionnaires, in the one CRUD shape. */
const questionnaires: FastifyPluginAsync = async (app) => {
  const R = ADMIN_RESOURCES.field_sales_questionnaires;
  registerCrud(app, {
    resource: R.name,
    path: R.apiPath,
    title: R.title,
    idColumn: 'field_questionnaires.id',
    input: QuestionnaireInput,
    output: Questionnaire,
    listSpec: { searchColumns: ['field_questionnaires.title'], sortable: { id: 'field_questionnaires.id', title: 'field_questionnaires.title' }, defaultOrdering: 'title' },
    query: questionnairesQuery,
    toApi: toQuestionnaires,
    create: (db, clientId, input) => insertQuestionnaire(db, clientId, validated(input)),
    update: (db, clientId, id, input) => updateQuestionnaire(db, clientId, id, validated(input)),
    async remove(db, clientId, id) {
      if (await questionnaireInUse(db, id)) throw new HttpError(409, 'questionnaire_in_use', 'This questionnaire is used by tasks and cannot be removed');
      return deleteQuestionnaire(db, clientId, id);
    },
  });
};
export default questionnaires;
