import type { FastifyPluginAsync } from 'fastify';
import { awardRuleBadges } from '../../repositories/badges.ts';
import { enrollmentStatus } from '../../repositories/learner/enrollments.ts';
import admin from './admin.ts';
import learner from './learner.ts';

/**
 * Badges (spec 3 §1–§3): the superuser's screens, the profile's list, and the
 * awarding. Rule badges are judged
 * - after every learner progress event that leaves the training finished: this listener
 *   subscribes after the completion listener (server/src/learning/completion.ts, registered with
 *   the learner routes, which app.ts registers first), so in the same transaction it reads the
 *   enrollment the completion just finished — and a badge stands or falls with that progress;
 * - when a certificate is issued (learning/certificates.ts), which also covers the trail
 *   certificates the admin's synchronisation grants;
 * - for every learner of the client, in a job, when a rule badge is created, switched on or
 *   restored.
 */
const badges: FastifyPluginAsync = async (app) => {
  app.learning.onProgress(async ({ db, clientId, userId, trainingId }) => {
    if ((await enrollmentStatus(db, userId, trainingId)) === 'finished') await awardRuleBadges(db, clientId, userId);
  });
  await app.register(admin);
  await app.register(learner);
};
export default badges;
