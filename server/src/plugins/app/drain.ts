import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Graceful close (docs/production.md "Topology", SIGTERM): the requests in flight are answered,
 * then their connections end, so the server's close completes as soon as the last answer is out.
 *
 * Fastify's close stops listening, answers 503 with `Connection: close` to requests that reach it
 * afterwards, and http.Server#close ends the keep-alive connections idle at that moment. A request
 * already in flight (its body still arriving, or its handler still running) is answered, but on a
 * keep-alive connection its socket then stays open for the keep-alive timeout (72 s), and
 * http.Server#close waits for it: the node hit its own force-exit instead of closing. So while
 * closing, every answer still to be written says `Connection: close` (the client, or the proxy,
 * does not send another request on it), and a connection that goes idle is ended right away.
 */
export function drainConnections(app: FastifyInstance): void {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // after Node's own 'finish' listener has let go of the socket, it counts as idle
  const endIdle = () => setImmediate(() => app.server.closeIdleConnections());
  const drain = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    res.once('finish', endIdle);
  };
  app.server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) drain(res);
  });
  app.addHook('preClose', async () => {
    draining = true;
    for (const res of inFlight) drain(res);
  });
}

/** The API server's drain; the content origin's server drains the same way (contentOrigin/contentApp.ts). */
export default fp(async (app) => {
  drainConnections(app);
}, { name: 'drain' });
