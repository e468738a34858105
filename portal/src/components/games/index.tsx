import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameAnswerResult, GameAnswerValue, GamePlay, GameState, GameStepResult } from '@lp/shared/contract';
import { isUnlimited, type GameSession } from '@lp/shared/rules';
import { errorText, useI18n, type Translate } from '../../lib/i18n.ts';
import { errorCode } from '../../lib/api.ts';
import { Message } from '../message/index.tsx';
import type { BoardProps } from './board.ts';
import { DragTheWords } from './drag-the-words.tsx';
import { FillInTheBlanks } from './fill-in-the-blanks.tsx';
import { FindThePairs } from './find-the-pairs.tsx';
import { FindTheWords } from './find-the-words.tsx';
import { Flashcards } from './flashcards.tsx';
import { Enigma } from './enigma.tsx';
import { ThisOrThat, TrueOrFalse } from './choices.tsx';
import { Mark } from './mark.tsx';
import './games.css';

export interface GamePlayerProps {
  session: GameSession;
  onPlayAgain(): void;
  /** offered when the state allows it (spec 3 §4: lost twice in a row and the game allows skipping) */
  onSkip?(): void;
  /** the learner's standing before this play (the skip may already be open) */
  initialState?: GameState;
  /** told once the play ends */
  onFinished?(result: GameAnswerResult): void;
  /** more actions beside "play again" and "skip" (the way back) */
  actions?: ComponentChildren;
}

/** Types whose steps are all on one board (the grid, the pairs): answered in any order, no "next". */
const BOARD_TYPES = new Set<GamePlay['type']>(['find_the_pairs', 'find_the_words']);

const BOARDS: { [S in GamePlay['type']]: (props: BoardProps<Extract<GamePlay, { type: S }>>) => ComponentChildren } = {
  drag_the_words: DragTheWords,
  fill_in_the_blanks: FillInTheBlanks,
  find_the_pairs: FindThePairs,
  find_the_words: FindTheWords,
  flashcards: Flashcards,
  enigma: Enigma,
  this_or_that: ThisOrThat,
  true_or_false: TrueOrFalse,
};

/** The revealed solution of a step in words, for the feedback (the boards show it in place too). */
export function solutionText(t: Translate, play: GamePlay, step: number, solution: GameAnswerValue): string {
  if ('words' in solution) return solution.words.join(' · ');
  if ('text' in solution) return solution.text;
  if ('truth' in solution) return t(solution.truth ? 'portal.games.true' : 'portal.games.false');
  if ('from' in solution) return play.type === 'find_the_words' ? t('portal.games.shown_in_grid', { word: play.words[step] ?? '' }) : '';
  switch (play.type) {
    case 'find_the_pairs':
      return `${play.firsts[step] ?? ''} → ${play.seconds[solution.choice] ?? ''}`;
    case 'enigma':
      return play.items[step]?.alternatives.find((a) => a.id === solution.choice)?.text ?? '';
    case 'this_or_that':
      return play.categories[solution.choice] ?? '';
    default:
      return '';
  }
}

/**
 * Plays one game (spec 3 §1, §4, §5) through a session: the learner's (server) or the preview's
 * (local). Each answer is judged by the session; the player shows the step's solution, the
 * errors against the limit, and at the end won or lost with "play again" and, when allowed,
 * "skip".
 */
export function GamePlayer({ session, onPlayAgain, onSkip, initialState, onFinished, actions }: GamePlayerProps) {
  const { t } = useI18n();
  const { play } = session;
  const [results, setResults] = useState<ReadonlyMap<number, GameStepResult>>(
    () => new Map((session.answered ?? []).map((r) => [r.step, r])),
  );
  const [last, setLast] = useState<GameAnswerResult | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = last?.errors ?? [...results.values()].filter((r) => !r.correct).length;
  const finished = last?.finished ? last : null;
  const board = BOARD_TYPES.has(play.type);
  const next = firstUnanswered(play.steps, results);
  const step = reviewing ?? next;
  // at the end, the step answered last stays in view with its solution
  const shown = finished ? finished.step : step;

  const nextButton = useRef<HTMLButtonElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const endHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (finished) endHeading.current?.focus();
    else if (reviewing !== null) nextButton.current?.focus();
    else if (moved.current) stepHeading.current?.focus();
  }, [finished, reviewing]);

  const answer = async (at: number, value: GameAnswerValue) => {
    if (busy || finished || results.has(at)) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await session.answer(at, value);
      setResults((before) => new Map(before).set(at, { step: at, correct: result.correct, solution: result.solution }));
      setLast(result);
      if (!board && !result.finished) setReviewing(at);
      if (result.finished) onFinished?.(result);
    } catch (error) {
      setFailure(errorCode(error) === 'unexpected_error' ? t('portal.games.answer_failed') : errorText(t, errorCode(error)));
    } finally {
      setBusy(false);
    }
  };

  const goOn = () => {
    moved.current = true;
    setReviewing(null);
  };

  const Board = BOARDS[play.type] as (props: BoardProps<GamePlay>) => ComponentChildren;
  const state = finished?.state ?? last?.state ?? initialState;
  const lastResult = last ? results.get(last.step) : undefined;
  return (
    <section class="game" aria-label={t(`portal.games.types.${play.type}`)}>
      <div class="game-status">
        <span>{t('portal.games.progress', { answered: results.size, steps: play.steps })}</span>
        <span>{isUnlimited(play.error_limit)
          ? t('portal.games.errors_unlimited', { errors })
          : t('portal.games.errors_limit', { errors, count: play.error_limit ?? 0 })}</span>
      </div>
      <p class="help-text">{t(`portal.games.instructions.${play.type}`)}</p>

      {shown !== null && (
        <div class="game-step">
          {!board && (
            <h3 class="game-step-title" ref={stepHeading} tabIndex={-1}>{t('portal.games.step_of', { n: shown + 1, steps: play.steps })}</h3>
          )}
          {/* the same board instance after the last answer: it keeps what was given beside the solution */}
          <Board key={board ? 'board' : shown} play={play} step={shown} results={results} busy={busy || Boolean(finished)}
            onAnswer={(at, value) => void answer(at, value)} />
        </div>
      )}

      <div class="game-feedback" role="status">
        {last && lastResult && (
          <p class={`game-feedback-text ${lastResult.correct ? 'is-right' : 'is-wrong'}`}>
            <Mark correct={lastResult.correct} silent />
            <strong>{t(lastResult.correct ? 'portal.games.right' : 'portal.games.wrong')}</strong>
            {!lastResult.correct && ` ${'from' in lastResult.solution
              ? solutionText(t, play, last.step, lastResult.solution)
              : t('portal.games.solution', { solution: solutionText(t, play, last.step, lastResult.solution) })}`}
          </p>
        )}
      </div>
      {failure && <Message kind="error">{failure}</Message>}
      {reviewing !== null && !finished && (
        <div class="actions">
          <button type="button" ref={nextButton} onClick={goOn}>{t('portal.games.next')}</button>
        </div>
      )}

      {finished && (
        <div class={`game-end ${finished.won ? 'is-won' : 'is-lost'}`}>
          <h3 ref={endHeading} tabIndex={-1}>
            <Mark correct={finished.won === true} silent /> {t(finished.won ? 'portal.games.won_title' : 'portal.games.lost_title')}
          </h3>
          <p>{t(finished.won ? 'portal.games.won_text' : 'portal.games.lost_text', { errors: finished.errors, count: finished.errors, steps: play.steps })}</p>
        </div>
      )}
      {(finished || state?.may_skip) && (
        <div class="actions">
          {finished && <button type="button" onClick={onPlayAgain}>{t('portal.games.play_again')}</button>}
          {state?.may_skip && onSkip && (
            <>
              <button type="button" class="button-secondary" onClick={onSkip}>{t('portal.games.skip')}</button>
              <p class="help-text">{t('portal.games.skip_help')}</p>
            </>
          )}
          {finished && actions}
        </div>
      )}
    </section>
  );
}

function firstUnanswered(steps: number, results: ReadonlyMap<number, GameStepResult>): number | null {
  for (let step = 0; step < steps; step++) if (!results.has(step)) return step;
  return null;
}
