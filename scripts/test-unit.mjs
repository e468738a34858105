// Runs the unit and integration suites as two Vitest runs side by side: the server project in
// one, every other project in the other. Vitest queues one run's projects one after another, and
// the server's files spend about half their time waiting (Postgres, Redis, ffmpeg, real timers)
// while the admin's and portal's jsdom files are all CPU: run together they fill each other's
// gaps. They cannot share one run: a worker of the server's shared module graph is kept only
// while the next file in the queue is also a server file, so interleaving them in one queue
// would reload the graph (~5 s) for every file. Lines of the two runs are passed through whole;
// the exit code fails if either fails. Arguments go to both runs (e.g. `--reporter=dot`, or a file
// filter, which the run without such files passes).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);
// a file filter meant for one run leaves the other without files: that run has nothing to say,
// not a failure (with no filter both always have files)
const filtered = extra.some((arg) => !arg.startsWith('-'));

/** Workers of each run: the server's wait, so they get more than the CPU-bound rest. */
const RUNS = [
  { name: 'server', args: ['--project', 'server'], workers: process.env.VITEST_SERVER_WORKERS ?? '3' },
  { name: 'others', args: ['--project', '!server'], workers: process.env.VITEST_OTHER_WORKERS ?? '2' },
];

function run({ name, args, workers }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [vitest, 'run', ...args, ...extra, ...(filtered ? ['--passWithNoTests'] : [])], {
      cwd: root,
      env: { ...process.env, VITEST_MAX_WORKERS: workers },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${line}\n`));
    }
    child.on('close', (code, signal) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      resolve({ name, ok: code === 0, summary: `${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${minutes} min` });
    });
  });
}

const results = await Promise.all(RUNS.map(run));
console.log(['', 'Unit and integration runs:', ...results.map((r) => `  ${r.summary}`)].join('\n'));
process.exit(results.every((r) => r.ok) ? 0 : 1);
