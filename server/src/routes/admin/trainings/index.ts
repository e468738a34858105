import type { FastifyPluginAsync } from 'fastify';
import { registerComments } from '../../../lib/comments.ts';
import unpublishJob from '../../../trainings/unpublishJob.ts';
import actions from './actions.ts';
import basicData from './basicData.ts';
import { TRAININGS_MANAGE, TRAININGS_TITLE } from './common.ts';
import lookups from './lookups.ts';
import modules from './modules.ts';
import materials from './materials.ts';
import trainingTests from './tests.ts';
import evaluations from './evaluations.ts';
import hierarchy from './hierarchy.ts';
import forum from './forum.ts';

/**
 * spec 2 §7.1 trainings admin under /admin_group_trainings/: basic data, publication,
 * duplicate, reference lists and comment moderation (§7.4 origin 'training'); the scheduled
 * unpublish job. Modules, tests, evaluations, materials, hierarchy and forum register here too.
 */
const trainings: FastifyPluginAsync = async (app) => {
  await app.register(basicData);
  await app.register(actions);
  await app.register(lookups);
  registerComments(app, { origin: 'training', ownerTable: 'group_trainings', title: TRAININGS_TITLE, manageSlug: TRAININGS_MANAGE });
  await app.register(unpublishJob);
  // modules and support materials
  await app.register(modules);
  await app.register(materials);
  // tests, questions and test import
  await app.register(trainingTests);
  // reaction evaluations and hierarchy (configure and publish)
  await app.register(evaluations);
  await app.register(hierarchy);
  // forum (discussions)
  await app.register(forum);
};
export default trainings;
