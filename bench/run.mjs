// npm run bench: figures, not pass/fail (DESIGN "Tests"; compare ratios within one run).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const run = (args) => execFileSync(process.execPath, args, { stdio: 'inherit', cwd: path.resolve(here, '..') });
run([path.join(here, 'bundle-size.mjs')]);
// the tags list over 10,000 rows, and beside its bare floor (same Fastify, SQL and file; goal ≥ 0.8)
run(['--import', 'tsx', path.join(here, 'api-list.ts')]);
// admin screens in Chromium: time to the first field of the heavy editors (goal: training editor ≤ 1 s) and the API requests before it
run(['--import', 'tsx', path.join(here, 'admin-screens.mjs')]);
// the overview dashboard at 100k users and 1M enrolments on SQLite (goal: p95 ≤ 300 ms for 30 days)
run(['--import', 'tsx', path.join(here, 'overview.ts')]);
run(['--import', 'tsx', path.join(here, 'imports.ts')]);
// Lighthouse mobile score of the catalogue and a training detail; 10,000 learners starting a test in 10 s (SQLite, Postgres)
run(['--import', 'tsx', path.join(here, 'lighthouse.mjs')]);
run(['--import', 'tsx', path.join(here, 'quiz-burst.ts')]);
// chat delivery to 1,000 WebSocket subscribers at 500 messages a second (goal p99 ≤ 200 ms)
run(['--import', 'tsx', path.join(here, 'chat-fanout.ts')]);
// two API nodes behind the reference proxy vs one (Postgres + Redis): chat fan-out to 2,000 at 500 msg/s, API throughput ratio and CPU a request
run(['--import', 'tsx', path.join(here, 'cluster.ts')]);
// browser streaming — go_live to the first live segment (goal ≤ 10 s), distance to the live edge, replay after the end (goal ≤ 60 s)
run(['--import', 'tsx', path.join(here, 'streaming.ts')]);
