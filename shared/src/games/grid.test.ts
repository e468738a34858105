import { describe, expect, it } from 'vitest';
import { buildLetterGrid, gridLetters, lettersBetween } from './grid.ts';

const WORDS = ['Sales', 'Client', 'Product', 'Store', 'Price', 'Stock', 'Ação'];

describe('buildLetterGrid (a letter grid from the words, in several directions)', () => {
  it('places every word, readable at its placement', () => {
    for (const seed of [1, 2, 3, 42, 2026, 4294967295]) {
      const grid = buildLetterGrid(WORDS, seed);
      expect(grid.placements.map((p) => p.word)).toEqual(WORDS.map((w) => gridLetters(w).join('')));
      for (const p of grid.placements) {
        const end = { row: p.row + p.dr * (gridLetters(p.word).length - 1), col: p.col + p.dc * (gridLetters(p.word).length - 1) };
        expect(lettersBetween(grid.cells, { row: p.row, col: p.col }, end), `seed ${seed} ${p.word}`).toBe(p.word);
      }
    }
  });

  it('is square and fully filled with single letters', () => {
    const grid = buildLetterGrid(WORDS, 7);
    expect(grid.cells).toHaveLength(grid.size);
    for (const row of grid.cells) {
      expect(row).toHaveLength(grid.size);
      for (const cell of row) expect(cell).toMatch(/^\p{L}$/u);
    }
  });

  it('is the same for the same seed and differs for another', () => {
    expect(buildLetterGrid(WORDS, 99)).toEqual(buildLetterGrid(WORDS, 99));
    expect(buildLetterGrid(WORDS, 99).cells).not.toEqual(buildLetterGrid(WORDS, 100).cells);
  });

  it('lays words in several directions, backwards ones included', () => {
    const directions = new Set<string>();
    for (let seed = 0; seed < 20; seed++) for (const p of buildLetterGrid(WORDS, seed).placements) directions.add(`${p.dr},${p.dc}`);
    expect(directions.size).toBe(8);
    const one = new Set(buildLetterGrid(WORDS, 5).placements.map((p) => `${p.dr},${p.dc}`));
    expect(one.size).toBeGreaterThan(1);
  });

  it('grows past the asked size when the words need it, and honours a larger one', () => {
    const long = ['Abcdefghijkl', 'Mnopqrstuvwx'];
    expect(buildLetterGrid(long, 1, 5).size).toBeGreaterThanOrEqual(12);
    expect(buildLetterGrid(['cat', 'dog'], 1, 15).size).toBe(15);
  });

  it('places crowded words by enlarging the grid', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const many = Array.from({ length: 30 }, (_, i) => `Word${letters[i % 26]}${letters[Math.floor(i / 26)]}`);
    const grid = buildLetterGrid(many, 3, 5);
    expect(grid.placements).toHaveLength(many.length);
  });
});

describe('lettersBetween', () => {
  const cells = [['A', 'B', 'C'], ['D', 'E', 'F'], ['G', 'H', 'I']];
  it('reads straight lines both ways and refuses the rest', () => {
    expect(lettersBetween(cells, { row: 0, col: 0 }, { row: 2, col: 2 })).toBe('AEI');
    expect(lettersBetween(cells, { row: 2, col: 0 }, { row: 0, col: 0 })).toBe('GDA');
    expect(lettersBetween(cells, { row: 1, col: 2 }, { row: 1, col: 0 })).toBe('FED');
    expect(lettersBetween(cells, { row: 0, col: 0 }, { row: 1, col: 2 })).toBeNull();
    expect(lettersBetween(cells, { row: 0, col: 0 }, { row: 3, col: 3 })).toBeNull();
  });
});
