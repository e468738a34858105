#!/usr/bin/env node
// Deep-merges a fragment {"pt-br": {...}, "en": {...}, "es": {...}, "fr": {...}} into locales/*.json.
// Several people edit the locale files; this keeps each edit atomic and the files sorted.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const fragment = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const lock = path.join(root, 'locales', '.lock');
for (let i = 0; ; i++) {
  try { fs.mkdirSync(lock); break; } catch { if (i > 200) throw new Error('locales locked'); await new Promise((r) => setTimeout(r, 50)); }
}
const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    a[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v) : v;
  }
  return a;
};
const sort = (o) => (o && typeof o === 'object' && !Array.isArray(o)
  ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, sort(o[k])])) : o);
try {
  for (const [lang, values] of Object.entries(fragment)) {
    const file = path.join(root, 'locales', `${lang}.json`);
    const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    fs.writeFileSync(file, JSON.stringify(sort(merge(current, values)), null, 2) + '\n');
  }
} finally { fs.rmdirSync(lock); }
