// Prints the JS a first visit downloads (entry + modulepreloads in index.html), gzip-compressed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  { app: 'portal', base: '/', budgetKb: 60 },
  { app: 'admin', base: '/admin/', budgetKb: 400 },
];

function firstLoadScripts(html, base) {
  const srcs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) srcs.add(m[1]);
  return [...srcs].map((s) => s.replace(base, ''));
}

for (const { app, base, budgetKb } of targets) {
  const dist = path.join(root, app, 'dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    console.log(`${app}: not built (run npm run build)`);
    continue;
  }
  const files = firstLoadScripts(fs.readFileSync(index, 'utf8'), base);
  let raw = 0;
  let gz = 0;
  // what the server sends a browser that accepts brotli: the .br file the build wrote beside each asset
  let br = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
    const stored = path.join(dist, `${f}.br`);
    br += fs.existsSync(stored) ? fs.statSync(stored).size : zlib.brotliCompressSync(buf).length;
  }
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const allGz = all.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length, 0);
  console.log(`${app}: first-load JS ${(gz / 1024).toFixed(1)} KB gzip, ${(br / 1024).toFixed(1)} KB as served (brotli) (${(raw / 1024).toFixed(1)} KB raw, ${files.length} files; budget ${budgetKb} KB gzip) — all chunks ${(allGz / 1024).toFixed(1)} KB gzip in ${all.length} files`);
}
