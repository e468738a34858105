import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ModuleTypeOption, SlugOption, TRAINING_PATHS, TrainingTypeOption } from '@lp/shared/contract';
import { trainingAccess } from './common.ts';
import { gameTypes, trainingTypes } from '../../repositories/trainingLookups.ts';
import { moduleTypes } from '../../repositories/trainingModules.ts';

/**
 * The editor's preloaded reference lists (spec 2 §7.1 "Reference lists"): global rows; labels
 * are translated by the client from `trainings.{list}.{slug}`. The test types and evaluation
 * question types are the owned-content core's (content/routes/tests.ts, evaluations.ts).
 */
const lookups: FastifyPluginAsyncTypebox = async (app) => {
  const { read } = trainingAccess();

  app.get(TRAINING_PATHS.types, { config: { access: read }, schema: { response: { 200: Type.Array(TrainingTypeOption) } } }, async () =>
    (await trainingTypes(app.db))
      .map((r) => ({ id: r.id, value: r.id, slug: r.slug, use_score: r.use_score })));

  app.get(TRAINING_PATHS.moduleTypes, { config: { access: read }, schema: { response: { 200: Type.Array(ModuleTypeOption) } } }, async () =>
    (await moduleTypes(app.db))
      .map((r) => ({ id: r.id, value: r.id, slug: r.slug, use_embed: r.use_embed })));

  app.get(TRAINING_PATHS.gameTypes, { config: { access: read }, schema: { response: { 200: Type.Array(SlugOption) } } }, async () =>
    (await gameTypes(app.db)).map((r) => ({ id: r.id, value: r.id, slug: r.slug })));
};
export default lookups;
