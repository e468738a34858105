import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../repositories/health.ts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok', db: 'ok', dialect: app.dialect };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', db: 'error', dialect: app.dialect });
    }
  });
};
export default health;
