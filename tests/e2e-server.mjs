// Starts the real server for the end-to-end suite on a fresh temporary DATA_DIR (SQLite),
// exporting the folder so tests can read the mail outbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// the address search (GEOCODER_URL) answers from the server tests' Nominatim stand-in and its
// fixture file, as the server suite does (server/test/nominatimStub.ts); production names a real Nominatim
const { tsImport } = await import('tsx/esm/api');
const { startNominatim } = await tsImport(path.join(root, 'server/test/nominatimStub.ts'), import.meta.url);
const geocoder = process.env.GEOCODER_URL ? null : await startNominatim(0);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));
// one file per server (tests/servers.ts: one server per worker), read by tests/e2e/test.ts
const dataDirFile = path.join(import.meta.dirname, `.e2e-data-dir-${process.env.PORT}`);
fs.writeFileSync(dataDirFile, dataDir);
const env = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '20',
  // the browser opens 127.0.0.1 while PUBLIC_URL names another host, as a phone on the LAN
  // would: every journey then proves that answers build their URLs on the page's own origin
  PUBLIC_URL: `http://localhost:${process.env.PORT}`,
  // one browser, one address, a few users signing in test after test: more room than a person needs
  RATE_LIMITS: 'api_user=6000/60,token_ip=600/60',
  ...(geocoder ? { GEOCODER_URL: geocoder.url } : {}),
  // access.spec.ts: its partner OpenID provider listens on plain http (127.0.0.1)
  PARTNER_OIDC_ALLOW_HTTP: '1',
  // access-screens.spec.ts: a help-desk vendor's script, answered by the test (the slot shows only while use_help_desk is on)
  HELP_DESK_URL: 'https://help-desk.e2e.test/widget.js',
  // the captcha's proof of work at a tenth of the product's cost: one browser on a busy CI core
  // took over 30 s to solve the default once (access.spec.ts); the flow is the same
  CAPTCHA_COST: '500',
};

function startServer() {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], { cwd: root, stdio: 'inherit', env });
}

// SIGUSR2 restarts the server on the same DATA_DIR and port, as a deploy or a crash-and-restart
// of the node would (webcast-resilience.spec.ts: the ingest lives in the API process); its pid
// is written for the specs that do this
const pidFile = path.join(import.meta.dirname, `.e2e-server-pid-${process.env.PORT}`);
fs.writeFileSync(pidFile, String(process.pid));
let child = startServer();
let restarting = false;
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGUSR2', () => {
  if (restarting) return;
  restarting = true;
  child.kill('SIGTERM');
});
function onExit(code) {
  if (restarting) {
    restarting = false;
    child = startServer();
    child.on('exit', onExit);
    return;
  }
  void geocoder?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirFile, { force: true });
  fs.rmSync(pidFile, { force: true });
  process.exit(code ?? 0);
}
child.on('exit', onExit);
