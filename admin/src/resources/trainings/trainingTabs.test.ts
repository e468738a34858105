import { describe, expect, it } from 'vitest';
import { tabFromSegment } from '../../common/editor/index.ts';
import { isSavedTrainingId, visibleTrainingTabs } from './trainingTabs.ts';

const none = { has_games: false, group_training_use_evaluations: false, use_comments_group_training: false, has_forum: false };
const all = { has_games: true, group_training_use_evaluations: true, use_comments_group_training: true, has_forum: true };

describe('training editor tabs (spec 2 §2.3)', () => {
  it('shows only basic-data for a new training (id 0 or none)', () => {
    expect(visibleTrainingTabs(all, false)).toEqual(['basic-data']);
    expect(isSavedTrainingId('0')).toBe(false);
    expect(isSavedTrainingId(undefined)).toBe(false);
    expect(isSavedTrainingId('create')).toBe(false);
    expect(isSavedTrainingId('12')).toBe(true);
  });

  it('shows the nine tabs in order when every flag is on', () => {
    expect(visibleTrainingTabs(all, true)).toEqual([
      'basic-data', 'modules', 'games', 'tests', 'reaction_tests', 'support_material', 'configure_and_publish', 'comments', 'discussions',
    ]);
  });

  it('hides games, reaction tests, comments and discussions by their client flags', () => {
    expect(visibleTrainingTabs(none, true)).toEqual(['basic-data', 'modules', 'tests', 'support_material', 'configure_and_publish']);
    expect(visibleTrainingTabs({ ...none, has_forum: true }, true)).toContain('discussions');
    expect(visibleTrainingTabs({ ...none, group_training_use_evaluations: true }, true)).toContain('reaction_tests');
  });

  it('falls back to basic-data for an unknown or hidden tab', () => {
    const visible = visibleTrainingTabs(none, true);
    expect(tabFromSegment('modules', visible)).toBe('modules');
    expect(tabFromSegment('discussions', visible)).toBe('basic-data');
    expect(tabFromSegment(undefined, visible)).toBe('basic-data');
  });
});
