import { useId, useState } from 'preact/hooks';
import type { GameAnswerValue, GamePlayOf } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { Mark } from './mark.tsx';

interface Option {
  label: string;
  value: GameAnswerValue;
  /** this option is the revealed solution */
  right: boolean;
}

/** A statement and two buttons; the button taps answer at once, then both show which was right. */
function TwoWay({ text, options, answered, busy, onAnswer }: {
  text: string; options: Option[]; answered: boolean; busy: boolean; onAnswer(value: GameAnswerValue): void;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<number | null>(null);
  const id = useId();
  return (
    <div class="game-two-way">
      <p class="game-card" id={id}>{text}</p>
      <div class="game-two-way-options" role="group" aria-labelledby={id}>
        {options.map((option, i) => (
          <button key={option.label} type="button" class={`game-option${chosen === i ? ' is-chosen' : ''}`}
            aria-pressed={chosen === i} disabled={busy || answered}
            aria-label={answered && (option.right || chosen === i)
              ? [t(option.right ? 'portal.games.mark_right' : 'portal.games.mark_wrong'), option.label, option.right ? t('portal.games.the_answer') : null].filter(Boolean).join(', ')
              : undefined}
            onClick={() => { setChosen(i); onAnswer(option.value); }}>
            {answered && (option.right || chosen === i) && <Mark correct={option.right} silent />}
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** spec 3 §1 "this or that": sort each item into one of two categories. */
export function ThisOrThat({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'this_or_that'>>) {
  const solution = results.get(step)?.solution;
  const right = solution && 'choice' in solution ? solution.choice : null;
  return (
    <TwoWay text={play.items[step]?.text ?? ''} answered={results.has(step)} busy={busy}
      options={play.categories.map((label, choice) => ({ label, value: { choice }, right: right === choice }))}
      onAnswer={(value) => onAnswer(step, value)} />
  );
}

/** spec 3 §1 "true or false". */
export function TrueOrFalse({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'true_or_false'>>) {
  const { t } = useI18n();
  const solution = results.get(step)?.solution;
  const right = solution && 'truth' in solution ? solution.truth : null;
  return (
    <TwoWay text={play.statements[step]?.text ?? ''} answered={results.has(step)} busy={busy}
      options={[true, false].map((truth) => ({ label: t(truth ? 'portal.games.true' : 'portal.games.false'), value: { truth }, right: right === truth }))}
      onAnswer={(value) => onAnswer(step, value)} />
  );
}
