import { describe, expect, it } from 'vitest';
import {
  HOME_BLOCKS, isCompleteHomeLayout, isValidImportCode, moveHomeBlock, normaliseHomeLayout, normaliseImportCode, visibleHomeBlocks,
} from './homeLayout.ts';

describe('home layout (spec 1 §2.3 admin home)', () => {
  it('is every block, shown, in the default order when nothing is stored', () => {
    expect(normaliseHomeLayout(undefined)).toEqual(HOME_BLOCKS.map((key) => ({ key, visible: true })));
  });

  it('keeps the stored order, drops unknown and repeated entries, and shows a block the layout does not name at the end', () => {
    const layout = normaliseHomeLayout([
      { key: 'ranking', visible: false }, { key: 'weather', visible: true }, { key: 'schedule' }, { key: 'ranking', visible: true }, null,
    ]);
    expect(layout.slice(0, 2)).toEqual([{ key: 'ranking', visible: false }, { key: 'schedule', visible: true }]);
    expect(layout.map((b) => b.key)).toHaveLength(HOME_BLOCKS.length);
    expect(layout.at(-1)).toEqual({ key: 'timeline', visible: true });
    expect(visibleHomeBlocks(layout)[0]).toBe('schedule');
  });

  it('a saved layout names every block once', () => {
    const all = HOME_BLOCKS.map((key) => ({ key }));
    expect(isCompleteHomeLayout(all)).toBe(true);
    expect(isCompleteHomeLayout(all.slice(1))).toBe(false);
    expect(isCompleteHomeLayout([...all.slice(1), { key: 'ranking' }])).toBe(false);
  });

  it('moves a block one place, never out of the list', () => {
    expect(moveHomeBlock(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveHomeBlock(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveHomeBlock(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('import codes (spec 1 §2.3 import-code)', () => {
  it('are 3 to 40 letters, digits, - or _, compared upper case', () => {
    expect(isValidImportCode(' lojas-sul ')).toBe(true);
    expect(normaliseImportCode(' lojas-sul ')).toBe('LOJAS-SUL');
    for (const bad of ['ab', 'a b', '-abc', 'x'.repeat(41), 'ação']) expect(isValidImportCode(bad)).toBe(false);
  });
});
