import type { FastifyPluginAsync } from 'fastify';
import categories from './categories.ts';
import files from './files.ts';
import learner from './learner.ts';

/**
 * The library (docs/api.md "Library"): categories and files under
 * /admin_library/ (titles library_categories and library), and the learner's library under
 * /library/.
 */
const library: FastifyPluginAsync = async (app) => {
  await app.register(categories);
  await app.register(files);
  await app.register(learner);
};
export default library;
