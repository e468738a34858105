import { useId, useRef, useState } from 'preact/hooks';
import type { GamePlayOf, GridCell } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

const key = (c: GridCell) => `${c.row}:${c.col}`;

/** The cells of the straight line between two cells (both included); empty when they are not on one line. */
export function cellsBetween(from: GridCell, to: GridCell): GridCell[] {
  const dr = to.row - from.row;
  const dc = to.col - from.col;
  if (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc)) return [];
  const steps = Math.max(Math.abs(dr), Math.abs(dc));
  return Array.from({ length: steps + 1 }, (_, i) => ({ row: from.row + Math.sign(dr) * i, col: from.col + Math.sign(dc) * i }));
}

const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * spec 3 §1 "find the words": the words hide in a letter grid, in several directions. Choose the
 * word to look for (the next is chosen already), then its first and its last letter: by tap or
 * click, or with the arrow keys and Enter (one cell of the grid takes the focus at a time).
 */
export function FindTheWords({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'find_the_words'>>) {
  const { t } = useI18n();
  const id = useId();
  const size = play.grid.length;
  const [picked, setPicked] = useState<number | null>(null);
  const [start, setStart] = useState<GridCell | null>(null);
  const [focus, setFocus] = useState<GridCell>({ row: 0, col: 0 });
  const gridRef = useRef<HTMLDivElement>(null);
  const target = picked !== null && !results.has(picked) ? picked : results.has(step) ? null : step;

  // cells of the words answered: found (right) or shown (the solution of a miss)
  const found = new Set<string>();
  const shown = new Set<string>();
  for (const result of results.values()) {
    if (!('from' in result.solution)) continue;
    for (const cell of cellsBetween(result.solution.from, result.solution.to)) (result.correct ? found : shown).add(key(cell));
  }

  const choose = (cell: GridCell) => {
    if (busy || target === null) return;
    if (!start) {
      setStart(cell);
      return;
    }
    if (key(start) === key(cell)) {
      setStart(null);
      return;
    }
    setStart(null);
    setPicked(null);
    onAnswer(target, { from: start, to: cell });
  };

  const moveFocus = (cell: GridCell) => {
    setFocus(cell);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${key(cell)}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, cell: GridCell) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      moveFocus({ row: Math.min(size - 1, Math.max(0, cell.row + move[0])), col: Math.min(size - 1, Math.max(0, cell.col + move[1])) });
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveFocus({ row: cell.row, col: event.key === 'Home' ? 0 : size - 1 });
    } else if (event.key === 'Escape' && start) {
      event.preventDefault();
      setStart(null);
    }
  };

  return (
    <div class="game-words">
      <div class="game-word-list">
        <h4 id={`${id}-words`}>{t('portal.games.words_to_find')}</h4>
        <ul aria-labelledby={`${id}-words`}>
          {play.words.map((word, i) => {
            const result = results.get(i);
            return (
              <li key={i}>
                <button type="button" class={`game-option${target === i ? ' is-chosen' : ''}${result ? ' is-done' : ''}`}
                  aria-pressed={target === i} disabled={busy || Boolean(result)} onClick={() => { setPicked(i); setStart(null); }}
                  aria-label={result ? `${word}, ${t(result.correct ? 'portal.games.cell_found' : 'portal.games.word_missed')}` : undefined}>
                  {result && <Mark correct={result.correct} silent />}
                  {word}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <div class="game-grid-wrap">
        <p class="help-text" aria-live="polite">
          {target === null ? '' : start
            ? t('portal.games.last_letter', { word: play.words[target] ?? '' })
            : t('portal.games.first_letter', { word: play.words[target] ?? '' })}
        </p>
        <div class="game-grid" role="grid" aria-label={t('portal.games.grid')} ref={gridRef}
          style={{ '--grid-size': String(size) }} aria-rowcount={size} aria-colcount={size}>
          {play.grid.map((letters, row) => (
            <div role="row" key={row} class="game-grid-row" aria-rowindex={row + 1}>
              {letters.map((letter, col) => {
                const cell = { row, col };
                const k = key(cell);
                const state = start && key(start) === k ? 'is-start' : found.has(k) ? 'is-found' : shown.has(k) ? 'is-shown' : '';
                const status = state === 'is-start' ? t('portal.games.cell_start') : found.has(k) ? t('portal.games.cell_found') : shown.has(k) ? t('portal.games.cell_shown') : '';
                return (
                  <button key={col} type="button" role="gridcell" data-cell={k} aria-colindex={col + 1}
                    class={`game-cell ${state}`} tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                    aria-selected={state === 'is-start'} aria-disabled={busy || target === null}
                    aria-label={t('portal.games.cell', { letter, row: row + 1, col: col + 1 }) + (status ? `, ${status}` : '')}
                    onClick={() => { setFocus(cell); choose(cell); }} onKeyDown={(event) => onKeyDown(event, cell)}>
                    {letter}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
