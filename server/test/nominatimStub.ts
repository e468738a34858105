import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

// Node built-ins only: the end-to-end server (tests/e2e-server.mjs) loads this file too.

/**
 * A small Nominatim stand-in: answers GET /search?q=… from fixtures/nominatim-search.json (its
 * keys are lower-case queries); an unknown query gets []. Port from the suite's range
 * (0: any free port).
 */
export async function startNominatim(port: number): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const answers = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'nominatim-search.json'), 'utf8')) as Record<string, unknown[]>;
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[(url.searchParams.get('q') ?? '').toLowerCase()] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, requests, close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }) };
}
