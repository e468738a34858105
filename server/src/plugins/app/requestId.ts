import fp from 'fastify-plugin';

/**
 * Every answer names its request id (fastifyOptions in config.ts makes it, or keeps the one a
 * proxy sent): the id in a user's report of a failure finds its log lines.
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}, { name: 'request-id' });
