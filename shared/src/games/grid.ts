/**
 * spec 3 §1 "find the words": a square letter grid generated from the words, the words
 * laid in several directions (across, down, both diagonals, and each of them backwards). Built
 * from a seed, so the server rebuilds a stored play's grid exactly and tests can pin one.
 */
import type { RandomInt } from '../learning/testEngine.ts';
import { seededRandomInt } from './random.ts';

/** The eight directions as [row step, column step]. */
export const GRID_DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1],
];

export const GRID_LIMITS = { minSize: 5, maxSize: 30, attemptsPerWord: 300 } as const;

/** A word as the grid holds it: upper case, one letter a cell (NFC, so an accented letter is one cell). */
export const gridLetters = (word: string): string[] => Array.from(word.normalize('NFC').toUpperCase().normalize('NFC'));

export interface GridPlacement {
  /** the word as written in the grid (`gridLetters` joined) */
  word: string;
  row: number;
  col: number;
  /** direction, one of GRID_DIRECTIONS */
  dr: number;
  dc: number;
}

export interface LetterGrid {
  size: number;
  /** grid[row][col]: one letter */
  cells: string[][];
  placements: GridPlacement[];
}

const FILLER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The grid's starting side: the longest word, room for about twice the letters, and the least asked. */
function startSize(words: string[][], minSize: number | null): number {
  const longest = Math.max(0, ...words.map((w) => w.length));
  const letters = words.reduce((n, w) => n + w.length, 0);
  return Math.max(GRID_LIMITS.minSize, minSize ?? 0, longest, Math.ceil(Math.sqrt(letters * 2)));
}

function tryPlace(cells: Array<Array<string | null>>, letters: string[], random: RandomInt): GridPlacement | null {
  const size = cells.length;
  for (let attempt = 0; attempt < GRID_LIMITS.attemptsPerWord; attempt++) {
    const [dr, dc] = GRID_DIRECTIONS[random(GRID_DIRECTIONS.length)]!;
    const row = random(size);
    const col = random(size);
    const endRow = row + dr * (letters.length - 1);
    const endCol = col + dc * (letters.length - 1);
    if (endRow < 0 || endRow >= size || endCol < 0 || endCol >= size) continue;
    const fits = letters.every((l, i) => {
      const cell = cells[row + dr * i]![col + dc * i];
      return cell === null || cell === l;
    });
    if (!fits) continue;
    letters.forEach((l, i) => { cells[row + dr * i]![col + dc * i] = l; });
    return { word: letters.join(''), row, col, dr, dc };
  }
  return null;
}

/**
 * Places every word (longest first; when one does not fit, starts again one size larger) and
 * fills the rest with letters, the words' own among them so that accented letters give nothing
 * away. Same words and seed, same grid.
 */
export function buildLetterGrid(words: readonly string[], seed: number, minSize: number | null = null): LetterGrid {
  const random = seededRandomInt(seed);
  const lettersOf = words.map(gridLetters).filter((w) => w.length > 0);
  const order = [...lettersOf].sort((a, b) => b.length - a.length);
  const alphabet = [...new Set([...FILLER, ...lettersOf.flat()])];
  for (let size = startSize(lettersOf, minSize); ; size++) {
    const cells: Array<Array<string | null>> = Array.from({ length: size }, () => Array<string | null>(size).fill(null));
    const placements: GridPlacement[] = [];
    for (const letters of order) {
      const placed = tryPlace(cells, letters, random);
      if (!placed) break;
      placements.push(placed);
    }
    if (placements.length < order.length) continue;
    const filled = cells.map((row) => row.map((cell) => cell ?? alphabet[random(alphabet.length)]!));
    // placements in the order the words were given
    const remaining = [...placements];
    const inOrder = lettersOf.map((letters) => remaining.splice(remaining.findIndex((p) => p.word === letters.join('')), 1)[0]!);
    return { size, cells: filled, placements: inOrder };
  }
}

/** The letters on the straight line from one cell to another (both included), or null when it is not a line of the grid. */
export function lettersBetween(cells: readonly (readonly string[])[], from: { row: number; col: number }, to: { row: number; col: number }): string | null {
  const size = cells.length;
  const inside = (c: { row: number; col: number }) => c.row >= 0 && c.row < size && c.col >= 0 && c.col < size;
  if (!inside(from) || !inside(to)) return null;
  const dRow = to.row - from.row;
  const dCol = to.col - from.col;
  if (dRow !== 0 && dCol !== 0 && Math.abs(dRow) !== Math.abs(dCol)) return null;
  const steps = Math.max(Math.abs(dRow), Math.abs(dCol));
  const sr = Math.sign(dRow);
  const sc = Math.sign(dCol);
  let out = '';
  for (let i = 0; i <= steps; i++) out += cells[from.row + sr * i]![from.col + sc * i]!;
  return out;
}
