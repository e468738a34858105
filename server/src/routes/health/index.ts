import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';

const health: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', db: 'ok', dialect: app.dialect };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', db: 'error', dialect: app.dialect });
    }
  });
};
export default health;
