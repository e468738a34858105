import { useId, useState } from 'preact/hooks';
import type { GamePlayOf } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

/**
 * spec 3 §1 "find the pairs": each item of the left column has its partner in the right one.
 * Choose an item (the next open one is chosen already), then its partner; taps, clicks and
 * the keyboard alike (buttons). A pair once answered shows its true partner.
 */
export function FindThePairs({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'find_the_pairs'>>) {
  const { t } = useI18n();
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const active = picked !== null && !results.has(picked) ? picked : results.has(step) ? null : step;
  // a partner revealed as the solution of a pair is taken
  const taken = new Map<number, number>();
  for (const [at, result] of results) if ('choice' in result.solution) taken.set(result.solution.choice, at);
  return (
    <div class="game-pairs">
      <div class="game-pairs-column">
        <h4 id={`${id}-firsts`}>{t('portal.games.pairs_firsts')}</h4>
        <ul aria-labelledby={`${id}-firsts`}>
          {play.firsts.map((first, i) => {
            const result = results.get(i);
            const partner = result && 'choice' in result.solution ? play.seconds[result.solution.choice] : null;
            return (
              <li key={i}>
                <button type="button" class={`game-option${active === i ? ' is-chosen' : ''}${result ? ' is-done' : ''}`}
                  aria-pressed={active === i} disabled={busy || Boolean(result)} onClick={() => setPicked(i)}
                  aria-label={result ? `${first} → ${partner ?? ''}, ${t(result.correct ? 'portal.games.mark_right' : 'portal.games.mark_wrong')}` : undefined}>
                  {result && <Mark correct={result.correct} silent />}
                  <span class="game-pair-text">
                    <span>{first}</span>
                    {partner && <span class="game-pair-partner">→ {partner}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <div class="game-pairs-column">
        <h4 id={`${id}-seconds`}>{active === null ? t('portal.games.pairs_seconds') : t('portal.games.pair_of', { first: play.firsts[active] ?? '' })}</h4>
        <ul aria-labelledby={`${id}-seconds`}>
          {play.seconds.map((second, i) => (
            <li key={i}>
              <button type="button" class={`game-option${taken.has(i) ? ' is-done' : ''}`} disabled={busy || active === null || taken.has(i)}
                aria-label={taken.has(i) ? `${second}, ${t('portal.games.paired')}` : undefined}
                onClick={() => { if (active !== null) { setPicked(null); onAnswer(active, { choice: i }); } }}>
                {taken.has(i) && <span class="game-paired" aria-hidden="true">⇄</span>}
                {second}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
