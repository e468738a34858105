import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './contract/errors.ts';
import { LOCALES } from './languages.ts';
import { PERMISSION_GROUPS } from './permissions.ts';

const dir = path.resolve(import.meta.dirname, '../../locales');

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const load = (locale: string) => JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, unknown>;

describe('locales (issue "Platform foundation" item 11)', () => {
  it('have identical key sets in the four languages', () => {
    const sets = Object.fromEntries(LOCALES.map((l) => [l, new Set(keys(load(l)))]));
    const all = new Set(Object.values(sets).flatMap((s) => [...s]));
    for (const locale of LOCALES) {
      const missing = [...all].filter((k) => !sets[locale]!.has(k));
      expect(missing, `${locale}.json lacks keys`).toEqual([]);
    }
  });

  it('translate every error code the API answers with', () => {
    for (const locale of LOCALES) {
      const errors = load(locale).errors as Record<string, string>;
      for (const code of ERROR_CODES) expect(errors[code], `${locale} errors.${code}`).toBeTruthy();
    }
  });

  it('explain every permission the user form lists (its help tooltip)', () => {
    for (const locale of LOCALES) {
      const help = ((((load(locale).resources as Record<string, unknown>).users as Record<string, unknown>).permissions as Record<string, unknown>).help ?? {}) as Record<string, string>;
      const missing = Object.values(PERMISSION_GROUPS).flat().filter((slug) => !help[slug]);
      expect(missing, `${locale} resources.users.permissions.help`).toEqual([]);
    }
  });

  it('have no empty texts', () => {
    for (const locale of LOCALES) {
      // parsed once per language: parsing it again for each key made this quadratic in the file's size
      const tree = load(locale);
      const flat = keys(tree);
      const values = flat.map((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree));
      expect(values.filter((v) => typeof v !== 'string' || v.trim() === ''), locale).toEqual([]);
    }
  });

  it("write the portal's placeholders as {name}, never react-admin's %{name} (the portal would show the %)", () => {
    for (const locale of LOCALES) {
      const tree = load(locale).portal;
      const flat = keys(tree, 'portal');
      const polyglot = flat.filter((k) => {
        const value = k.split('.').slice(1).reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree);
        return typeof value === 'string' && value.includes('%{');
      });
      expect(polyglot, locale).toEqual([]);
    }
  });
});
