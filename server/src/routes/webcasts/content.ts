import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  SlugOption, TestTypeOption, WEBCAST_BASE_EVALUATION_FIELD, WEBCAST_EVALUATION_PATHS, WEBCAST_EVALUATION_QUESTION_TYPE_FIELD,
  WEBCAST_MATERIAL_PATHS, WEBCAST_MATERIAL_UPLOAD_KIND, WEBCAST_PATHS, WEBCAST_TESTS, canOpenAdminTitle, hasPermission, testOwnerSchemas,
} from '@lp/shared';
import { toBool } from '../../db/dialect.ts';
import { registerComments } from '../../lib/comments.ts';
import type { EvaluationStore } from '../../repositories/trainingEvaluations.ts';
import type { MaterialStore } from '../../repositories/trainingModules.ts';
import type { TestTables } from '../../repositories/trainingTests.ts';
import { evaluationRoutes } from '../admin/trainings/evaluations.ts';
import { materialRoutes } from '../admin/trainings/materials.ts';
import { registerQuestionRoutes } from '../admin/trainings/questions.ts';
import { registerTestImportRoutes } from '../admin/trainings/testImport.ts';
import type { TestOwnerDef } from '../admin/trainings/testOwner.ts';
import { registerTestRoutes } from '../admin/trainings/tests.ts';
import { WEBCASTS_MANAGE, WEBCASTS_TITLE, webcastGuards, webcastOr404 } from './common.ts';

/** The webcast's tables of the test routes (2026_11_23_0011_webcast_content); test types are the global ones. */
export const WEBCAST_TEST_TABLES: TestTables = {
  owner: 'webcasts',
  ownerColumn: 'webcast_id',
  tests: 'webcast_tests',
  questions: 'webcast_test_questions',
  answers: 'webcast_test_question_answers',
  results: 'webcast_test_results',
  types: 'group_training_test_types',
};

const { listItem, test, question, questionInput, hit } = testOwnerSchemas(WEBCAST_TESTS);

/** spec 2 §7.3 Tests, Test import: the training's test routes over the webcast (§2.5 "the same behaviour … with webcast fields"). */
export const WEBCAST_TEST_OWNER: TestOwnerDef = {
  contract: WEBCAST_TESTS,
  tables: WEBCAST_TEST_TABLES,
  listResource: 'webcast_tests',
  guards: (app) => webcastGuards(app),
  ownerOr404: (db, request, id) => webcastOr404(db, request, id),
  canImport: (auth) => canOpenAdminTitle(auth.subject, WEBCASTS_TITLE) === 'allow' && hasPermission(auth.subject, WEBCASTS_MANAGE),
  schemas: { listItem, test, question, questionInput, hit },
};

export const WEBCAST_EVALUATION_STORE: EvaluationStore = {
  evaluations: 'webcast_evaluations', questions: 'webcast_evaluation_questions', parentColumn: 'webcast_id',
};

export const WEBCAST_MATERIAL_STORE: MaterialStore = { table: 'webcast_materials', parentColumn: 'webcast_id' };

/** spec 2 §7.3 Reaction evaluations (JSON bodies) and the models, served from the shared base_evaluations table. */
const evaluations = evaluationRoutes({
  parentCollection: WEBCAST_PATHS.collection,
  evaluationsSegment: 'webcast_evaluations',
  questionsSegment: 'webcast_evaluation_questions',
  questionTypeField: WEBCAST_EVALUATION_QUESTION_TYPE_FIELD,
  baseEvaluationsPath: WEBCAST_EVALUATION_PATHS.baseEvaluations,
  fromBaseField: WEBCAST_BASE_EVALUATION_FIELD,
  store: WEBCAST_EVALUATION_STORE,
  guards: webcastGuards,
  parentOr404: webcastOr404,
});

/** spec 2 §7.3 Support materials (multipart). */
const materials = materialRoutes({
  collection: (id) => WEBCAST_MATERIAL_PATHS.collection(id),
  item: (id, materialId) => WEBCAST_MATERIAL_PATHS.item(id, materialId),
  store: WEBCAST_MATERIAL_STORE,
  uploadKind: WEBCAST_MATERIAL_UPLOAD_KIND,
  canUpload: (auth) => hasPermission(auth.subject, WEBCASTS_MANAGE),
  folder: (webcastId) => `webcasts/${webcastId}/materials`,
  listResource: 'webcast_materials',
  guards: webcastGuards,
  parentOr404: webcastOr404,
});

/**
 * What hangs from a webcast in the editor (spec 2 §2.5 tabs tests, reaction_tests,
 * support_material, comments), through the routes written for trainings. Comments (§7.4 origin
 * 'webcast'): the list only — "No moderation path exists for webcast".
 */
const content: FastifyPluginAsyncTypebox = async (app) => {
  const { read } = webcastGuards(app);
  registerTestRoutes(app, WEBCAST_TEST_OWNER);
  registerQuestionRoutes(app, WEBCAST_TEST_OWNER);
  // the generated templates are downloaded from the files route the trainings register once
  registerTestImportRoutes(app, WEBCAST_TEST_OWNER);
  await app.register(evaluations);
  await app.register(materials);
  registerComments(app, { origin: 'webcast', ownerTable: 'webcasts', title: WEBCASTS_TITLE, manageSlug: WEBCASTS_MANAGE });

  // reference lists of the tabs (spec 2 §3.11 webcast_test_types, webcast_evaluation_question_types)
  app.get(WEBCAST_PATHS.testTypes, { preValidation: read, schema: { response: { 200: Type.Array(TestTypeOption) } } }, async () =>
    (await app.db.selectFrom('group_training_test_types').selectAll().orderBy('id').execute()).map((r) => ({
      id: r.id, value: r.id, slug: r.slug,
      use_max_attempts: toBool(r.use_max_attempts), use_minimum_score: toBool(r.use_minimum_score), use_time: toBool(r.use_time),
    })));
  app.get(WEBCAST_PATHS.evaluationQuestionTypes, { preValidation: read, schema: { response: { 200: Type.Array(SlugOption) } } }, async () =>
    (await app.db.selectFrom('evaluation_question_types').selectAll().orderBy('id').execute()).map((r) => ({ id: r.id, value: r.id, slug: r.slug })));
};
export default content;
