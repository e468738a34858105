import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The entry points' promises (docs/architecture/shared.md): the rules load no schema, no TypeBox
 * and no browser code, so a lean process (the import worker) can take them alone; the contract
 * loads no browser code; nothing but the tests reaches the testing stand-ins. This walks the
 * value imports (not `import type`) from each entry.
 */
function moduleGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(import.meta.dirname, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const spec = match[1] ?? match[2]!;
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else packages.add(spec);
    }
  }
  return { files: [...files].map((f) => path.relative(import.meta.dirname, f)), packages };
}

describe('shared entry points', () => {
  it('rules load neither the contract, TypeBox nor the client code', () => {
    const { files, packages } = moduleGraph('rules.ts');
    expect(files.filter((f) => /^(contract|client|testing)\//.test(f))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@sinclair/') || p === 'lz-string')).toEqual([]);
    // date-fns by function: its root module loads every function (~25 MB in the import worker)
    expect(packages).not.toContain('date-fns');
    expect(packages).not.toContain('@date-fns/tz');
  });

  it('the contract loads no browser code', () => {
    const { files } = moduleGraph('contract/index.ts');
    expect(files.filter((f) => /^(client|testing)\//.test(f))).toEqual([]);
  });

  it('the client loads no test stand-ins', () => {
    const { files } = moduleGraph('client/index.ts');
    expect(files.filter((f) => f.startsWith('testing/'))).toEqual([]);
  });
});
