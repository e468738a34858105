import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_PURE_CALLS } from './bundling.ts';

describe('the contract calls the app builds treat as pure', () => {
  it('cover every call that builds a module-level constant of the contract', () => {
    const dir = path.join(import.meta.dirname, 'contract');
    const roots = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of source.matchAll(/^(?:export )?const \w+ = ([A-Za-z_$][\w$]*)[\w$.]*\(/gm)) roots.add(match[1]!);
    }
    expect(roots.size).toBeGreaterThan(0);
    expect([...roots].filter((root) => !CONTRACT_PURE_CALLS.includes(root))).toEqual([]);
  });
});
