import type { FastifyPluginAsync } from 'fastify';
import { TRAINING_OWNER, registerOwnedContent } from '../../content/index.ts';
import actions from './actions.ts';
import basicData from './basicData.ts';
import lookups from './lookups.ts';
import modules from './modules.ts';
import games from './games.ts';
import hierarchy from './hierarchy.ts';
import forum from './forum.ts';

/**
 * spec 2 §7.1 trainings admin under /admin_group_trainings/: basic data, publication,
 * duplicate, reference lists; the scheduled unpublish job; modules, games, hierarchy and forum. Tests,
 * evaluations, materials and comment moderation (§7.4 origin 'training') are the owned-content
 * core's, mounted for the training owner kind.
 */
const trainings: FastifyPluginAsync = async (app) => {
  await app.register(basicData);
  await app.register(actions);
  await app.register(lookups);
  // tests, questions, test import, reaction evaluations, support materials, comments
  registerOwnedContent(app, TRAINING_OWNER);
  // modules, games and hierarchy (configure and publish)
  await app.register(modules);
  await app.register(games);
  await app.register(hierarchy);
  // forum (discussions)
  await app.register(forum);
};
export default trainings;
