import type { FastifyInstance } from 'fastify';
import type { OwnerKind } from '../owner.ts';
import { registerComments } from './comments.ts';
import { registerEvaluationRoutes } from './evaluations.ts';
import { registerMaterialRoutes } from './materials.ts';
import { registerQuestionRoutes } from './questions.ts';
import { registerTestImportRoutes } from './testImport.ts';
import { registerTestRoutes } from './tests.ts';

/**
 * Mounts the admin side of everything an owner kind owns under the owner's spec paths
 * (spec 2 §7.1 trainings, §7.3 webcasts): tests with questions, the question bank and the
 * import; reaction evaluations with their models; support materials; comments (§7.4).
 */
export function registerOwnedContent(app: FastifyInstance, owner: OwnerKind): void {
  registerTestRoutes(app, owner);
  registerQuestionRoutes(app, owner);
  registerTestImportRoutes(app, owner);
  registerEvaluationRoutes(app, owner);
  registerMaterialRoutes(app, owner);
  registerComments(app, { origin: owner.commentOrigin, ownerTable: owner.ownerTable, title: owner.admin.title, manageSlug: owner.admin.manage });
}
