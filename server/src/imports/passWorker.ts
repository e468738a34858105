/**
 * Runs an import pass in a child process (worker.ts). Reading a 100k-row sheet is seconds of
 * synchronous XML parsing: on the API's event loop it would stall every request meanwhile.
 * In its own process the pass also gets its own, bounded V8 heap: the parser's garbage
 * otherwise lets the heap grow to four times what is live before V8 collects it, and the
 * memory goes back to the system when the pass ends.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { PassDeps, PassOutcome } from './engine.ts';
import type { ImportPass, WorkerMessage, WorkerRequest, WorkerSettings } from './workerProtocol.ts';

/** Old-generation cap of the worker's heap: what is live stays under ~40 MB at any file size. */
export const DEFAULT_WORKER_HEAP_MB = 192;

export interface WorkerRun {
  outcome: PassOutcome;
  /** the worker's peak resident memory and CPU time, start-up included */
  maxRssMb: number;
  cpuMs: number;
}

export interface WorkerOptions {
  settings: WorkerSettings;
  heartbeat(): Promise<void>;
  log: PassDeps['log'];
  heapMb?: number;
}

const ENTRY = path.join(import.meta.dirname, 'worker.ts');
const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

export function runPassInWorker(pass: ImportPass, importId: number, options: WorkerOptions): Promise<WorkerRun> {
  const child = fork(ENTRY, [], {
    cwd: SERVER_ROOT,
    // the server's own loader (the sources are TypeScript); no inspector or test-runner flags
    execArgv: ['--import', 'tsx', `--max-old-space-size=${options.heapMb ?? DEFAULT_WORKER_HEAP_MB}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<WorkerRun>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    child.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'heartbeat':
          options.heartbeat().catch((error: unknown) => options.log.warn({ err: error, importId }, 'import heartbeat failed'));
          break;
        case 'log':
          options.log[message.level]({ ...message.data, importId }, message.msg);
          break;
        case 'done':
          settle(() => resolve({ outcome: message.outcome, maxRssMb: message.maxRssMb, cpuMs: message.cpuMs }));
          break;
        case 'failed': {
          const error = new Error(`import ${pass} failed in its worker: ${message.message}`);
          if (message.stack) error.stack = message.stack;
          settle(() => reject(error));
          break;
        }
      }
    });
    child.on('error', (error) => settle(() => reject(error)));
    child.on('exit', (code, signal) => settle(() => reject(new Error(`the import worker ended before answering (code ${code}, signal ${signal})`))));
    const request: WorkerRequest = { pass, importId, settings: options.settings };
    child.send(request);
  });
}
