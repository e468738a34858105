import { Fragment } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { GamePlayOf } from '@lp/shared/contract';
import { sameWord } from '@lp/shared/rules';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

/** spec 3 §1 / §5 "fill in the blanks": type each marked word of the sentence (case-insensitive). */
export function FillInTheBlanks({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'fill_in_the_blanks'>>) {
  const { t } = useI18n();
  const id = useId();
  const parts = play.sentences[step]?.parts ?? [''];
  const blanks = parts.length - 1;
  const [words, setWords] = useState<string[]>(() => Array<string>(blanks).fill(''));
  const result = results.get(step);
  const solution = result && 'words' in result.solution ? result.solution.words : null;
  const ready = words.every((w) => w.trim() !== '');
  return (
    <form class="game-fill" noValidate onSubmit={(event) => {
      event.preventDefault();
      if (ready && !result) onAnswer(step, { words: words.map((w) => w.trim()) });
    }}>
      <p class="game-sentence" id={`${id}-sentence`}>
        {parts.map((part, i) => (
          <Fragment key={i}>
            {part}
            {i < blanks && (
              <span class="game-blank-slot">
                <input type="text" class="game-blank-input" autoComplete="off" autoCapitalize="off" spellcheck={false}
                  aria-label={t('portal.games.blank', { n: i + 1, total: blanks })} value={words[i]} readOnly={Boolean(result)} disabled={busy && !result}
                  size={Math.max(6, (solution?.[i] ?? words[i] ?? '').length + 1)}
                  onInput={(event) => { const value = event.currentTarget.value; setWords((before) => before.map((w, j) => (j === i ? value : w))); }} />
                {solution && <BlankCheck given={words[i] ?? ''} expected={solution[i] ?? ''} />}
              </span>
            )}
          </Fragment>
        ))}
      </p>
      {!result && <div class="actions"><button type="submit" disabled={busy || !ready}>{t('portal.games.check')}</button></div>}
    </form>
  );
}

/** A blank once answered: right, or wrong with the word it wanted. */
export function BlankCheck({ given, expected }: { given: string; expected: string }) {
  const { t } = useI18n();
  const right = sameWord(given, expected);
  return (
    <span class="game-blank-check">
      <Mark correct={right} />
      {!right && <span class="game-blank-solution">{t('portal.games.solution', { solution: expected })}</span>}
    </span>
  );
}
