import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** header names in lower case */
  headers: Record<string, string>;
  body: string;
}

export interface SlowRequest {
  /** the whole answer (status line, headers and a body of its Content-Length) */
  answer: Promise<RawAnswer>;
  /** resolves when the server ends the connection (a kept-alive one never does by itself) */
  ended: Promise<void>;
  /** sends the rest of the body */
  finish(): void;
  destroy(): void;
}

export interface SlowRequestOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body: string;
  /** how many bytes of the body go with the headers; the rest waits for finish() */
  sentFirst: number;
}

/**
 * An HTTP/1.1 request over a raw socket whose body arrives in two parts, with keep-alive (the
 * default of HTTP/1.1, as a browser's or a proxy's connection is): the request is in flight on
 * the server from the first part until finish() — the case a graceful close must answer.
 */
export async function startSlowRequest(origin: string, options: SlowRequestOptions): Promise<SlowRequest> {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const body = Buffer.from(options.body);
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Length: ${body.length}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  socket.write(`${head}\r\n\r\n`);
  socket.write(body.subarray(0, options.sentFirst));

  let received = Buffer.alloc(0);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const read = () => {
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return;
      const [statusLine, ...lines] = received.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
      }));
      const length = Number(headers['content-length'] ?? 0);
      const rest = received.subarray(split + 4);
      if (rest.length < length) return;
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.subarray(0, length).toString() });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      read();
    });
    socket.once('close', () => reject(new Error(`connection closed before a whole answer: ${JSON.stringify(received.toString())}`)));
  });
  // a rejection nobody awaits yet (the connection closing first) is still reported by the awaiting test
  answer.catch(() => undefined);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    answer,
    ended,
    finish: () => socket.write(body.subarray(options.sentFirst)),
    destroy: () => socket.destroy(),
  };
}

/** Whether a new connection to `origin` is refused (the server no longer listens). */
export function connectionRefused(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
