import type { TrainingClientFlags } from '@lp/shared/rules';

/** spec 2 §2.3 training editor tabs, in order; each is a URL segment after the training id. */
export const TRAINING_TABS = [
  'basic-data',
  'modules',
  'games',
  'tests',
  'reaction_tests',
  'support_material',
  'configure_and_publish',
  'comments',
  'discussions',
] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];

export type TabFlags = Pick<TrainingClientFlags, 'has_games' | 'group_training_use_evaluations' | 'use_comments_group_training' | 'has_forum'>;

/** Whether the id in the route names a saved training (spec 2 §2.2: 0, or no id, is a new one). */
export const isSavedTrainingId = (id: string | number | undefined): boolean => !!id && id !== 'create' && Number(id) > 0;

/**
 * spec 2 §2.3 tab rules: basic-data always; every other tab only for a saved training; games
 * with has_games, reaction tests with group_training_use_evaluations, comments with
 * use_comments_group_training, discussions with has_forum.
 */
export function visibleTrainingTabs(flags: TabFlags, saved: boolean): TrainingTab[] {
  if (!saved) return ['basic-data'];
  return TRAINING_TABS.filter((tab) => {
    switch (tab) {
      case 'games': return flags.has_games;
      case 'reaction_tests': return flags.group_training_use_evaluations;
      case 'comments': return flags.use_comments_group_training;
      case 'discussions': return flags.has_forum;
      default: return true;
    }
  });
}
