/**
 * API nodes as real child processes of the production entry (server/src/server.ts), for the
 * multi-node suites and the cluster benchmarks: one PostgreSQL schema, one Redis prefix, and
 * (until object storage) one shared DATA_DIR, as docs/production.md "Topology" describes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ApiNode {
  origin: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  /** the data directory is the node's own (removed when it stops), not a shared one */
  ownDataDir: boolean;
  stderr: string[];
  /** resolves with the exit code (null after a signal) */
  exited: Promise<number | null>;
}

export interface StartNodeOptions {
  /** the node's port; a free one by default (a restarted node takes its old one back) */
  port?: number;
  /** a DATA_DIR shared with other nodes; a temporary one of its own by default */
  dataDir?: string;
  /** extra arguments for node (e.g. --cpu-prof) */
  execArgv?: string[];
}

/**
 * Starts a node and waits for its readiness (up to seven minutes: a node is the real entry under
 * tsx, and on a 2-core machine shared with other suites its start has been seen to take four). A node whose migration step fails is started once
 * more, loudly: the unexplained Postgres flake helpers.ts describes (a "column … does not exist"
 * while migrating) was seen here once too, on a node starting on an already migrated schema; a
 * migration that always fails still fails the second time.
 */
export async function startNode(env: Record<string, string>, options: StartNodeOptions = {}): Promise<ApiNode> {
  try {
    return await startNodeOnce(env, options);
  } catch (error) {
    if (!String(error).includes('migration')) throw error;
    console.warn(`starting the node again after: ${String(error)}`);
    return startNodeOnce(env, options);
  }
}

async function startNodeOnce(env: Record<string, string>, options: StartNodeOptions): Promise<ApiNode> {
  const port = options.port ?? await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lp-node-'));
  const child = spawn(process.execPath, [...(options.execArgv ?? []), '--import', 'tsx', path.join(root, 'server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const node: ApiNode = { origin: `http://127.0.0.1:${port}`, port, process: child, dataDir, ownDataDir: !options.dataDir, stderr, exited };
  for (let i = 0; ; i += 1) {
    if (await fetch(`${node.origin}/api/health/ready`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || i > 4200) {
      child.kill('SIGKILL');
      if (node.ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`node did not start: ${stderr.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return node;
}

/** Stops a node with `signal` (SIGKILL after 15 s); its exit code, null after a signal. */
export async function stopNode(node: ApiNode | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!node) return null;
  const hard = setTimeout(() => node.process.kill('SIGKILL'), 15_000);
  if (node.process.exitCode === null && node.process.signalCode === null) node.process.kill(signal);
  const code = await node.exited;
  clearTimeout(hard);
  if (node.ownDataDir) fs.rmSync(node.dataDir, { recursive: true, force: true });
  return code;
}

/** CPU seconds a process has used so far (Linux /proc; null elsewhere). */
export function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
