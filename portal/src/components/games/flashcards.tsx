import { useId, useState } from 'preact/hooks';
import type { GamePlayOf } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

/** spec 3 §1 / §5 "flashcards": a prompt, a one-word answer typed (case-insensitive, judged by the session). */
export function Flashcards({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'flashcards'>>) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const result = results.get(step);
  const solution = result && 'text' in result.solution ? result.solution.text : null;
  return (
    <form class="game-flashcard" noValidate onSubmit={(event) => {
      event.preventDefault();
      if (text.trim() !== '' && !result) onAnswer(step, { text: text.trim() });
    }}>
      <p class="game-card" id={`${id}-prompt`}>{play.cards[step]?.prompt}</p>
      <div class="field">
        <label for={`${id}-answer`}>{t('portal.games.your_answer')}</label>
        <input id={`${id}-answer`} type="text" autoComplete="off" autoCapitalize="off" spellcheck={false} value={text}
          aria-describedby={`${id}-prompt`} readOnly={Boolean(result)} disabled={busy && !result}
          onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      {result && (
        <p class="game-solution">
          <Mark correct={result.correct} /> {result.correct ? text : t('portal.games.solution', { solution: solution ?? '' })}
        </p>
      )}
      {!result && <div class="actions"><button type="submit" disabled={busy || text.trim() === ''}>{t('portal.games.check')}</button></div>}
    </form>
  );
}
