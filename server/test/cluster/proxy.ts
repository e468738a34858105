/**
 * The reference reverse proxy of the two-node topology (docs/production.md "Topology"), as the
 * cluster test and the cluster benchmarks run it: round-robin over the API nodes that pass their
 * readiness check, websockets proxied, and one sticky route — the browser-streaming ingest of a
 * webcast lives in the engine of one node, so its calls, its signalling socket and its viewers'
 * WebRTC playback (WHEP) go to the node chosen by the webcast id (rendezvous hashing over the
 * healthy nodes: a node's death moves only its own webcasts). nginx (`hash … consistent`, `proxy_next_upstream`) or HAProxy (`balance
 * roundrobin` plus a `hash-type consistent` backend) do the same in production.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { STREAMING_PATHS } from '@lp/shared/contract';

export interface Upstream {
  origin: string;
  healthy: boolean;
  /** HTTP requests and websocket upgrades sent to it */
  requests: number;
  sockets: number;
}

export interface ClusterProxyOptions {
  upstreams: string[];
  /** 0 (the default) takes a free port */
  port?: number;
  healthPath?: string;
  healthIntervalMs?: number;
}

export interface ClusterProxy {
  origin: string;
  upstreams: Upstream[];
  /** resolves once `origin`'s health is `healthy` as the proxy sees it */
  until(origin: string, healthy: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Bodies up to this size are kept, so a request whose node refused the connection can go to another. */
const RETRY_BODY_LIMIT = 1024 * 1024;
/** Nothing reached the node: any request may be sent elsewhere. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** The connection broke with the request maybe handled: only requests without effects are sent again. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every streaming path naming a webcast (the studio's calls, WHEP offers and sessions), as patterns capturing its id. */
const STREAMING_ACTIONS = Object.values(STREAMING_PATHS)
  .filter((path) => typeof path === 'function')
  .map((path) => (path as (id: string, ...rest: string[]) => string)('ID', 'REST', 'REST'))
  .map((path) => path.replace(/[.]/g, '\\.').replace('ID', '(\\d+)').replace(/REST/g, '[^/?]+'));
const STREAMING_CALL = new RegExp(`^/api(?:${STREAMING_ACTIONS.join('|')})`);
const SIGNALLING = `/api${STREAMING_PATHS.signalling}`;

/**
 * The webcast whose ingest a request belongs to, or null: the streaming calls and the WHEP offers
 * and sessions (answered by the ingest's engine) name it in their path, the signalling socket in its
 * `webcast` query (sdp_url carries it, routes/webcasts/streaming.ts).
 */
export function ingestWebcastOf(url: string): string | null {
  const [pathname, query = ''] = url.split('?', 2) as [string, string?];
  if (pathname === SIGNALLING) return new URLSearchParams(query).get('webcast');
  const match = STREAMING_CALL.exec(pathname);
  return match ? match.slice(1).find((id) => id !== undefined) ?? null : null;
}

/** Rendezvous hashing: the healthy node with the highest score for the key. */
function byKey(nodes: Upstream[], key: string): Upstream | undefined {
  let best: Upstream | undefined;
  let bestScore = '';
  for (const node of nodes) {
    const score = createHash('sha1').update(`${key}|${node.origin}`).digest('hex');
    if (score > bestScore) {
      best = node;
      bestScore = score;
    }
  }
  return best;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > RETRY_BODY_LIMIT) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startClusterProxy(options: ClusterProxyOptions): Promise<ClusterProxy> {
  const healthPath = options.healthPath ?? '/api/health/ready';
  const upstreams: Upstream[] = options.upstreams.map((origin) => ({ origin, healthy: false, requests: 0, sockets: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 120_000 });
  // calls and sockets take turns apiece: a client's ticket call and its socket alternating with
  // one counter would put every socket on the same node
  const turns = { web: 0, ws: 0 };

  const healthy = () => upstreams.filter((u) => u.healthy);
  function pick(kind: keyof typeof turns, url: string, exclude: Set<Upstream>): Upstream | undefined {
    const candidates = healthy().filter((u) => !exclude.has(u));
    if (candidates.length === 0) return undefined;
    const key = ingestWebcastOf(url);
    if (key !== null) return byKey(candidates, key);
    turns[kind] += 1;
    return candidates[turns[kind] % candidates.length];
  }

  async function check(upstream: Upstream): Promise<void> {
    const ok = await fetch(`${upstream.origin}${healthPath}`, { signal: AbortSignal.timeout(1500) })
      .then(async (r) => {
        await r.body?.cancel();
        return r.ok;
      }, () => false);
    upstream.healthy = ok;
  }
  let checking: Promise<unknown> = Promise.all(upstreams.map(check));
  const timer = setInterval(() => {
    checking = Promise.all(upstreams.map(check));
  }, options.healthIntervalMs ?? 500);
  await checking;

  function web(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null, tried: Set<Upstream>): void {
    const upstream = pick('web', req.url ?? '/', tried);
    if (!upstream) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: 'service_unavailable', message: 'No API node is ready' }));
      return;
    }
    tried.add(upstream);
    upstream.requests += 1;
    const sendAgain = (error: NodeJS.ErrnoException) => body !== null && !res.headersSent
      && (NOT_CONNECTED.has(error.code ?? '') || (IDEMPOTENT.has(req.method ?? '') && error.code === 'ECONNRESET'));
    proxy.web(req, res, { target: upstream.origin, ...(body !== null ? { buffer: Readable.from([body]) } : {}) }, (error) => {
      const e = error as NodeJS.ErrnoException;
      // the node is gone until its health check says otherwise
      if (NOT_CONNECTED.has(e.code ?? '') || e.code === 'ECONNRESET') upstream.healthy = false;
      if (sendAgain(e)) return web(req, res, body, tried);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'bad_gateway', message: 'The API node did not answer' }));
      } else {
        res.destroy();
      }
    });
  }

  /** the client side of proxied websockets: the HTTP server no longer tracks them */
  const upgraded = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    readBody(req).then((body) => web(req, res, body, new Set()), () => res.destroy());
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = pick('ws', req.url ?? '/', new Set());
    if (!upstream) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n');
      return;
    }
    upstream.sockets += 1;
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    proxy.ws(req, socket, head, { target: upstream.origin }, () => socket.destroy());
  });
  // a client that goes away mid-proxy is not an error of the proxy
  proxy.on('error', () => undefined);

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    upstreams,
    async until(origin, wanted, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await checking;
        if (upstreams.find((u) => u.origin === origin)?.healthy === wanted) return;
        if (Date.now() > deadline) throw new Error(`${origin} did not become ${wanted ? 'healthy' : 'unhealthy'} for the proxy`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      clearInterval(timer);
      await checking;
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      proxy.close();
    },
  };
}
