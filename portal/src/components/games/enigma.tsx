import { useId, useState } from 'preact/hooks';
import type { GamePlayOf } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

/** spec 3 §1 / §5 "enigma": a riddle, up to 3 tips shown one at a time on demand, 3–5 alternatives. */
export function Enigma({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'enigma'>>) {
  const { t } = useI18n();
  const id = useId();
  const item = play.items[step];
  const [tips, setTips] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const result = results.get(step);
  const right = result && 'choice' in result.solution ? result.solution.choice : null;
  if (!item) return null;
  return (
    <form class="game-enigma" noValidate onSubmit={(event) => {
      event.preventDefault();
      if (chosen !== null && !result) onAnswer(step, { choice: chosen });
    }}>
      <p class="game-card" id={`${id}-question`}>{item.question}</p>
      {item.tips.length > 0 && (
        <div class="game-tips">
          {tips > 0 && (
            <ol class="game-tip-list" aria-label={t('portal.games.tips')} aria-live="polite">
              {item.tips.slice(0, tips).map((tip, i) => <li key={i}><strong>{t('portal.games.tip', { n: i + 1 })}</strong> {tip}</li>)}
            </ol>
          )}
          {tips < item.tips.length && !result && (
            <button type="button" class="button-secondary button-small" onClick={() => setTips((n) => n + 1)}>
              {t('portal.games.show_tip', { n: tips + 1, total: item.tips.length })}
            </button>
          )}
        </div>
      )}
      <fieldset class="game-alternatives" aria-labelledby={`${id}-question`}>
        {item.alternatives.map((alternative) => (
          <label key={alternative.id} class={`game-alternative${chosen === alternative.id ? ' is-chosen' : ''}`}>
            <input type="radio" name={`${id}-alternative`} value={alternative.id} checked={chosen === alternative.id}
              disabled={Boolean(result) || busy} onChange={() => setChosen(alternative.id)} />
            <span>{alternative.text}</span>
            {result && (right === alternative.id || chosen === alternative.id) && <Mark correct={right === alternative.id} />}
          </label>
        ))}
      </fieldset>
      {!result && <div class="actions"><button type="submit" disabled={busy || chosen === null}>{t('portal.games.check')}</button></div>}
    </form>
  );
}
