import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import appPlugin from './app.ts';
import { fastifyOptions, loadConfig, loggerOptions } from './config.ts';

const config = loadConfig();
const app = Fastify({
  logger: loggerOptions(config),
  // TRUST_PROXY: X-Forwarded-For only from the proxies named (the login lock, the limits and consent evidence read request.ip)
  ...fastifyOptions(config),
  requestTimeout: 120_000,
  // a slow client must not hold a socket forever
  connectionTimeout: 0,
}).withTypeProvider<TypeBoxTypeProvider>();

await app.register(appPlugin, { config });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(() => process.exit(0), (err: unknown) => {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    });
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  // the content origin (CONTENT_ORIGIN, by default this host on PORT+1): uploaded packages and documents
  await app.content.listen({ port: config.contentPort, host: config.host });
  // CONTENT_PORT=0 (tests, benchmarks): the port the system gave is the one links name
  const bound = app.content.server.address();
  if (config.contentPort === 0 && bound && typeof bound === 'object') config.contentPort = bound.port;
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
