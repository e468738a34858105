// Type-checks every workspace with TypeScript 7's native compiler (the `typescript-native` alias):
// it checks the same rules as the editor's TypeScript 5 (which typescript-eslint still needs, for
// its JS API) at about a third of the CPU. As many workspaces at once as there are cores. Prints
// each workspace's output as it finishes; fails if any fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const pending = workspaces.filter((dir) => fs.existsSync(path.join(root, dir, 'tsconfig.json')));
const limit = Math.max(1, os.availableParallelism());
let failed = 0;

function check(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', '.', '--noEmit', '--pretty'], { cwd: path.join(root, dir) });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${dir} (${seconds} s)`);
      if (code !== 0) {
        failed += 1;
        process.stdout.write(output);
      }
      resolve();
    });
  });
}

async function worker() {
  for (let dir = pending.shift(); dir; dir = pending.shift()) await check(dir);
}

await Promise.all(Array.from({ length: limit }, worker));
process.exit(failed ? 1 : 0);
