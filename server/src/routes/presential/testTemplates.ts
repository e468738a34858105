import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ApplyTestTemplateBody, CreatedId, ListQuery, NoContent, PRESENTIAL_TEST_TEMPLATE_PATHS as T, PresentialTestTemplate, PresentialTestTemplateChoice,
  PresentialTestTemplateInput,
} from '@lp/shared/contract';
import { PRESENTIAL_EVENT_OWNER, PRESENTIAL_TEST_TEMPLATE_OWNER } from '../../content/owners.ts';
import { registerChoiceQuestions } from '../../content/routes/choiceQuestions.ts';
import type { Db } from '../../db/database.ts';
import type { PresentialTestTemplateRow } from '../../db/tables/presentialTestTemplate.table.ts';
import { readWriteAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  applyTestTemplate, deleteTestTemplate, findTestTemplate, insertTestTemplate, loadTestTemplate, templateTest, testTemplateChoices, testTemplateListQuery,
  toTestTemplate, updateTestTemplate,
} from '../../repositories/presential/testTemplates.ts';
import { activeEvent } from '../../repositories/presential/testWindow.ts';
import { eventNotFound } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['presential_test_templates.title'],
  sortable: { id: 'presential_test_templates.id', title: 'presential_test_templates.title', updated_at: 'presential_test_templates.updated_at' },
  defaultOrdering: 'title',
  filters: {},
};

const access = readWriteAccess(PRESENTIAL_TEST_TEMPLATE_OWNER.admin.title, PRESENTIAL_TEST_TEMPLATE_OWNER.admin.manage, PRESENTIAL_TEST_TEMPLATE_OWNER.admin.refusal);
/** making an event's test from a template is a change of the event's tests (the owner's manage key) */
const eventTests = readWriteAccess(PRESENTIAL_EVENT_OWNER.admin.title, PRESENTIAL_EVENT_OWNER.admin.manage, PRESENTIAL_EVENT_OWNER.admin.refusal).write;
const templateNotFound = () => new HttpError(404, 'presential_test_template_not_found', 'Test template not found');

async function templateOr404(db: Db, request: FastifyRequest, id: number): Promise<PresentialTestTemplateRow> {
  const row = await findTestTemplate(db, clientOf(request), id);
  if (!row) throw templateNotFound();
  return row;
}

const stateOf = (body: PresentialTestTemplateInput, current?: { minimum_score: number | null }) => ({
  title: body.title.trim(),
  minimum_score: body.minimum_score !== undefined ? body.minimum_score : current?.minimum_score ?? null,
});

/**
 * Face-to-face test templates (spec 1 §6.2 presential_test_templates; spec 3 §2 tests reusable
 * across appointments): list and editor with its questions (the shared choice questions of a
 * question-only owner), and an event's test made from one (docs/api.md "Face-to-face trainings").
 */
const testTemplates: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (request: FastifyRequest, id: number) => {
    const record = await loadTestTemplate(app.db, clientOf(request), id);
    if (!record) throw templateNotFound();
    return record;
  };

  app.get(T.collection, { config: { access: access.read }, schema: { querystring: ListQuery, response: listResponse(PresentialTestTemplate) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(testTemplateListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'presential_test_templates', list, rows.map(toTestTemplate), total);
  });

  // before the item route: "choices" is not an id
  app.get(T.choices, { config: { access: eventTests }, schema: { response: { 200: Type.Array(PresentialTestTemplateChoice) } } }, async (request) =>
    testTemplateChoices(app.db, clientOf(request)));

  app.get(T.item(':id'), { config: { access: access.read }, schema: { params: IdParams, response: { 200: PresentialTestTemplate } } }, async (request) =>
    answer(request, request.params.id));

  app.post(T.collection, { config: { access: access.write }, schema: { body: PresentialTestTemplateInput, response: { 201: PresentialTestTemplate } } }, async (request, reply) => {
    const id = await app.db.transaction().execute((trx) => insertTestTemplate(trx, clientOf(request), authOf(request).user.id, stateOf(request.body)));
    return reply.status(201).send(await answer(request, id));
  });

  app.put(T.item(':id'), {
    config: { access: access.write }, schema: { params: IdParams, body: PresentialTestTemplateInput, response: { 200: PresentialTestTemplate } },
  }, async (request) => {
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await templateOr404(trx, request, id);
      const test = await templateTest(trx, row.id);
      if (!(await updateTestTemplate(trx, clientOf(request), id, stateOf(request.body, test)))) throw templateNotFound();
    });
    return answer(request, id);
  });

  app.delete(T.item(':id'), { config: { access: access.write }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deleteTestTemplate(app.db, clientOf(request), request.params.id))) throw templateNotFound();
    return reply.status(204).send();
  });

  registerChoiceQuestions(app, {
    owner: PRESENTIAL_TEST_TEMPLATE_OWNER,
    paths: T,
    access,
    testOf: async (db, request, id) => (await templateTest(db, (await templateOr404(db, request, id)).id)).id,
  });

  // spec 3 §2 "Tests per event type": an event with an online or presential test takes a template's questions as a test of its own
  app.post(T.applyToEvent(':id'), {
    config: { access: eventTests }, schema: { params: IdParams, body: ApplyTestTemplateBody, response: { 201: CreatedId } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      const event = await activeEvent(trx, clientId, request.params.id);
      if (!event) throw eventNotFound();
      if (event.event_type === 'without_tests') throw new HttpError(409, 'presential_event_without_tests', 'This session has no test');
      const template = await templateOr404(trx, request, request.body.template_id);
      return applyTestTemplate(trx, template, event.id);
    });
    return reply.status(201).send({ id });
  });
};
export default testTemplates;
