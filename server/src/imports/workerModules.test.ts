import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import worker must stay lean (its benchmark's goal: ≤ 256 MB RSS a pass): it loads the plain
 * rules (`@lp/shared/rules`), never the contract's schemas (~27 MB; types only), PDFs or the
 * anonymisation. A convenience import slipped in once through adminUsers.ts and cost ~25 MB of
 * peak RSS; this walks the worker's value imports (not `import type`) from its entry.
 */
function moduleGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
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
  return { files, packages };
}

describe('the import worker module graph', () => {
  const { files, packages } = moduleGraph(path.join(import.meta.dirname, 'worker.ts'));

  it('loads the plain shared rules, not the contract', () => {
    expect(packages).toContain('@lp/shared/rules');
    expect([...packages].filter((p) => p.startsWith('@lp/shared') && p !== '@lp/shared/rules')).toEqual([]);
  });

  it('does not reach the anonymisation, certificates (PDF) or the HTTP app', () => {
    const names = [...files].map((f) => path.relative(path.join(import.meta.dirname, '..'), f));
    expect(names.filter((n) => /anonymization|certificates|routes\/|plugins\//.test(n))).toEqual([]);
    expect(packages).not.toContain('pdfkit');
    expect(packages).not.toContain('fastify');
  });
});
