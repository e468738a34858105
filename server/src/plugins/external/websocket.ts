import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';

/**
 * @fastify/websocket, once for the whole app (it owns the HTTP server's 'upgrade' event, so a
 * second registration would fight the first): the realtime socket (/api/realtime) and any
 * other socket route declare `{ websocket: true }` on a GET route registered after this.
 */
export default fp(async (app) => {
  await app.register(websocket, {
    // the realtime frames are small (shared/src/contract/realtime.ts caps them); SDP offers are the largest
    options: { maxPayload: 256 * 1024 },
    preClose(done) {
      // 1001 "going away": clients reconnect (to another node, or to this one once it is back)
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });
}, { name: 'websocket' });
