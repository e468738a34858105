/**
 * A game played without a server: the admin's preview (spec 3 §2 "Game editor with a mandatory
 * preview before saving") plays the content through the very rules the server applies to a
 * learner's play (`playOf`, `checkAnswer`, `isPlayOver`, `isWon`, `gameStateOf`), so the preview
 * plays exactly as the learner will. The portal's player takes either kind of session.
 */
import type { GameAnswerResult, GameAnswerValue, GameContent, GamePlay, GameStepResult } from '../contract/games.ts';
import { checkAnswer, gameStateOf, isPlayOver, isWon, playOf } from './play.ts';

/** What a game player needs: the play, the steps answered before (a resumed play), and a way to answer one step. */
export interface GameSession {
  play: GamePlay;
  /** steps answered before the player opened, in the order they were answered */
  answered?: readonly GameStepResult[];
  /** judges one step; rejects when the step is unknown, already answered, or the play is over */
  answer(step: number, answer: GameAnswerValue): Promise<GameAnswerResult>;
}

/** A local answer refused (unknown step, answered twice, play over, wrong shape): the error code the learner's API answers with. */
export class LocalAnswerError extends Error {
  readonly code = 'invalid_answer';
  constructor() {
    super('invalid_answer');
    this.name = 'LocalAnswerError';
  }
}

/**
 * A session over `content` for one `seed`. `past` holds the results of the plays finished
 * before this one (oldest first), so the state it answers counts losses in a row and offers the
 * skip after two (spec 3 §4) as the server would.
 */
export function localGameSession(content: GameContent, seed: number, past: ReadonlyArray<'won' | 'lost'> = []): GameSession {
  const play = playOf(content, seed);
  const done = new Map<number, GameStepResult>();
  let errors = 0;
  let over = false;
  return {
    play,
    answer: async (step, answer) => {
      if (over || done.has(step)) throw new LocalAnswerError();
      const checked = checkAnswer(content, play, step, answer);
      if (!checked) throw new LocalAnswerError();
      done.set(step, { step, correct: checked.correct, solution: checked.solution });
      if (!checked.correct) errors++;
      over = isPlayOver(done.size, play.steps, errors, play.error_limit);
      const won = over ? isWon(errors, play.error_limit) : null;
      const results = won === null ? [...past] : [...past, won ? 'won' as const : 'lost' as const];
      return {
        step, correct: checked.correct, solution: checked.solution, errors, answered: done.size,
        finished: over, won, state: gameStateOf(results, false, content.allow_to_skip_game),
      };
    },
  };
}
