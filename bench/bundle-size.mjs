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

/**
 * Issue "the portal on real devices": what opening a page downloads — the first load, the page's
 * lazy chunk with the chunks it imports (the build's manifest), and its lazy pt-br texts.
 */
const PORTAL_PAGES = [
  { page: 'login', entries: [], budgetKb: 45 },
  { page: 'home', entries: ['src/routes/home/index.tsx'], budgetKb: 60 },
  { page: 'course', entries: ['src/routes/course-detail/index.tsx'], budgetKb: 70 },
  { page: 'course with its forum', entries: ['src/routes/course-detail/index.tsx', 'src/components/training-forum/index.tsx', 'virtual:portal-messages/pt-br/forum'], budgetKb: 80 },
];

function portalPages(dist, firstLoad) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files);
  };
  const lines = PORTAL_PAGES.map(({ page, entries, budgetKb }) => {
    const files = new Set(firstLoad);
    for (const entry of entries) {
      if (!manifest[entry]) throw new Error(`bundle-size: ${entry} is not in the portal's build manifest`);
      collect(entry, files);
    }
    const kb = [...files].filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;
    return `${page} ${kb.toFixed(1)} KB (budget ${budgetKb}${kb > budgetKb ? ', OVER' : ''})`;
  });
  return `portal pages (JS gzip on opening): ${lines.join(' · ')}`;
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
  if (app === 'portal') console.log(portalPages(dist, files.map((f) => f.replace(/^\//, ''))));
  console.log(`${app}: first-load JS ${(gz / 1024).toFixed(1)} KB gzip, ${(br / 1024).toFixed(1)} KB as served (brotli) (${(raw / 1024).toFixed(1)} KB raw, ${files.length} files; budget ${budgetKb} KB gzip) — all chunks ${(allGz / 1024).toFixed(1)} KB gzip in ${all.length} files`);
}
