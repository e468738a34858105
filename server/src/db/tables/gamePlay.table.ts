import type { Generated, Selectable } from 'kysely';
import type { GameAnswerValue, GameContent, GamePlay } from '@lp/shared/contract';
import type { DbBool, DefaultTimestamp, Json, NullableTimestamp } from '../columns.ts';

/** 'restarted': set aside by a restart of the training, no longer counted (like test attempts). */
export type GamePlayRowStatus = 'playing' | 'won' | 'lost' | 'restarted';

/** A learner's play of a game (2026_11_27_0006_game_plays). */
export interface GroupTrainingGamePlayTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  group_training_id: number;
  status: Generated<GamePlayRowStatus>;
  seed: number;
  /** the game's content when the play started */
  content: Json<GameContent>;
  /** what the learner was shown */
  play: Json<GamePlay>;
  steps: number;
  answered: Generated<number>;
  errors: Generated<number>;
  started_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type GroupTrainingGamePlayRow = Selectable<GroupTrainingGamePlayTable>;

/** One step's answer: unique per play and step. */
export interface GroupTrainingGamePlayAnswerTable {
  id: Generated<number>;
  play_id: number;
  step: number;
  answer: Json<GameAnswerValue>;
  correct: DbBool;
  created_at: DefaultTimestamp;
}
export type GroupTrainingGamePlayAnswerRow = Selectable<GroupTrainingGamePlayAnswerTable>;

/** spec 3 §4: a skip after losing twice in a row, once per learner and game. */
export interface GroupTrainingGameSkipTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  group_training_id: number;
  created_at: DefaultTimestamp;
}
