import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  CONTENT_STATUS, GROUP_TRAINING_TESTS, TrainingQuestionHit, TrainingTest, TrainingTestListItem, TrainingTestQuestion,
  TrainingTestQuestionInput, canOpenAdminTitle, hasPermission, type TestOwnerContract,
} from '@lp/shared';
import type { Db } from '../../../db/database.ts';
import { notFound } from '../../../lib/httpError.ts';
import type { AuthContext } from '../../../plugins/app/auth.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import { GROUP_TRAINING_TEST_TABLES, type TestRow, type TestTables } from '../../../repositories/trainingTests.ts';
import { TRAININGS_MANAGE, TRAININGS_TITLE, trainingGuards, trainingOr404 } from './common.ts';

/**
 * Everything the test, question and import routes need to know about the owner of the tests:
 * the group training, or the webcast (spec 2 §3.4 webcast_test …; server/src/routes/webcasts/content.ts).
 * The routes are written once against this.
 */
export interface TestOwnerDef {
  contract: TestOwnerContract;
  tables: TestTables;
  /** resource name in the simple list envelope's Content-Range */
  listResource: string;
  guards(app: FastifyInstance): { read: preHandlerHookHandler; write: preHandlerHookHandler[] };
  /** the owner of the selected client (not deleted), or a 404 */
  ownerOr404(db: Db, request: FastifyRequest, ownerId: number): Promise<unknown>;
  /** who may upload an import spreadsheet (the tus kind's check) */
  canImport(auth: AuthContext): boolean;
  /** response and body schemas in the owner's wire names */
  schemas: { listItem: TSchema; test: TSchema; question: TSchema; questionInput: TSchema; hit: TSchema };
}

export const GROUP_TRAINING_TEST_OWNER: TestOwnerDef = {
  contract: GROUP_TRAINING_TESTS,
  tables: GROUP_TRAINING_TEST_TABLES,
  listResource: 'group_training_tests',
  guards: (app) => trainingGuards(app),
  ownerOr404: (db, request, id) => trainingOr404(db, request, id),
  canImport: (auth) => canOpenAdminTitle(auth.subject, TRAININGS_TITLE) === 'allow' && hasPermission(auth.subject, TRAININGS_MANAGE),
  schemas: {
    listItem: TrainingTestListItem,
    test: TrainingTest,
    question: TrainingTestQuestion,
    questionInput: TrainingTestQuestionInput,
    hit: TrainingQuestionHit,
  },
};

export const OwnerParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const TestParams = Type.Object({ id: Type.Integer({ minimum: 1 }), testId: Type.Integer({ minimum: 1 }) });
export const QuestionParams = Type.Object({
  id: Type.Integer({ minimum: 1 }), testId: Type.Integer({ minimum: 1 }), questionId: Type.Integer({ minimum: 1 }),
});
export const TestOnlyParams = Type.Object({ testId: Type.Integer({ minimum: 1 }) });

/** A test reached by its id alone (the import paths): it must belong to a live owner of the selected client. */
export async function clientTestOr404(db: Db, def: TestOwnerDef, request: FastifyRequest, testId: number): Promise<TestRow> {
  const { tables } = def;
  const row = await db.selectFrom(`${tables.tests} as t` as 'group_training_tests as t')
    .innerJoin(`${tables.owner} as o` as 'group_trainings as o', (join) => join.onRef('o.id', '=', `t.${tables.ownerColumn}` as 't.group_training_id'))
    .selectAll('t')
    .where('t.id', '=', testId)
    .where('t.status', '!=', CONTENT_STATUS.deleted)
    .where('o.status', '!=', CONTENT_STATUS.deleted)
    .where('o.client_id', '=', clientOf(request))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
