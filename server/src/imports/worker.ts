/**
 * Child-process entry of an import pass (started by runPassInWorker, passWorker.ts). It opens
 * its own database connection, runs the pass and answers over IPC. See passWorker.ts for why.
 */
import { connect } from '../db/dialect.ts';
import { runProcessing, runValidation, type PassDeps } from './engine.ts';
import { notifyPassFinished } from './finished.ts';
import type { WorkerMessage, WorkerRequest } from './workerProtocol.ts';

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

const log = (level: 'info' | 'warn' | 'error') => (data: Record<string, unknown>, msg: string) => {
  void send({ type: 'log', level, data, msg }).catch(() => undefined);
};

async function run(request: WorkerRequest): Promise<void> {
  const handle = connect(request.settings);
  try {
    const deps: PassDeps = {
      db: handle.db,
      config: request.settings,
      log: { info: log('info'), warn: log('warn'), error: log('error') },
      heartbeat: () => send({ type: 'heartbeat' }),
      onFinished: notifyPassFinished,
    };
    const outcome = await (request.pass === 'validate' ? runValidation : runProcessing)(deps, request.importId);
    const usage = process.resourceUsage();
    await send({ type: 'done', outcome, maxRssMb: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 });
  } finally {
    await handle.close();
  }
}

if (!process.send) throw new Error('the import worker runs as a child process with an IPC channel');
// the parent went away (shutdown, crash): stop; the pass resumes from its last committed batch
process.on('disconnect', () => process.exit(1));
process.once('message', (request: WorkerRequest) => {
  run(request).then(() => process.disconnect(), async (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    await send({ type: 'failed', message: e.message, stack: e.stack ?? null }).catch(() => undefined);
    process.exitCode = 1;
    process.disconnect();
  });
});
