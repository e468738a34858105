import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './languages.ts';

/**
 * Issue #25 item 4: a number meets a word through plural forms — polyglot's "one |||| other"
 * chosen by smart_count (admin), `{key}_one` / `{key}_other` chosen by `count` (portal and server) —
 * never through "(s)" hacks; and pt-br/es never put a fixed gender in front of a placeholder.
 */
const dir = path.resolve(import.meta.dirname, '../../locales');
const FILES = [...LOCALES.map((l) => `${l}.json`), 'ra/pt-br.json', 'ra/es.json'];

function texts(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}
const load = (file: string) => texts(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));

describe('locale plurals and gender (issue #25 item 4)', () => {
  it('have no "(s)" / "(es)" plural hacks', () => {
    for (const file of FILES) {
      expect(load(file).filter(([, v]) => /\p{L}\((s|es|x)\)/u.test(v)).map(([k, v]) => `${k}: ${v}`), file).toEqual([]);
    }
  });

  it('never say "este/esta %{name}" in pt-br or es (the placeholder may be of either gender)', () => {
    for (const file of ['pt-br.json', 'es.json', 'ra/pt-br.json', 'ra/es.json']) {
      const gendered = load(file).filter(([, v]) => /\b(este|esta|estes|estas|esse|essa|um|uma|novo|nova|nuevo|nueva|ningún|ninguna)\s+%?\{(?!smart_count|count\b|n\b)\w+\}/iu.test(v));
      expect(gendered.map(([k, v]) => `${k}: ${v}`), file).toEqual([]);
    }
  });

  it('write each polyglot plural as exactly "one |||| other"', () => {
    for (const file of FILES) {
      const broken = load(file).filter(([k, v]) => !k.startsWith('portal.') && v.includes('||||') && v.split('||||').length !== 2);
      expect(broken.map(([k]) => k), file).toEqual([]);
    }
  });

  it('give every `_one` text its `_other` (the fallback of the other plural forms; error codes are no plural texts)', () => {
    for (const locale of LOCALES) {
      const keys = new Set(load(`${locale}.json`).map(([k]) => k));
      const lonely = [...keys].filter((k) => k.endsWith('_one') && !k.startsWith('errors.') && !keys.has(`${k.slice(0, -4)}_other`));
      expect(lonely, locale).toEqual([]);
    }
  });
});
