import type { GameAnswerValue, GamePlay, GameStepResult } from '@lp/shared/contract';

/** What the player gives each type's board. */
export interface BoardProps<P extends GamePlay> {
  play: P;
  /** the step to show: the next to answer, or the one just answered (then `results` holds it) */
  step: number;
  /** the steps answered so far, with their solutions */
  results: ReadonlyMap<number, GameStepResult>;
  /** an answer is on its way (or the play is over): nothing to answer now */
  busy: boolean;
  onAnswer(step: number, answer: GameAnswerValue): void;
}
