/** Contract-shaped answers for the courses pages' tests (catalogue, detail and player). */
import type { LearnerActivity, LearnerTraining, LearnerTrainingCard } from '@lp/shared/contract';

export const noReactions = { favorite: false, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null };

export function courseCard(patch: Partial<LearnerTrainingCard> = {}): LearnerTrainingCard {
  return {
    ...noReactions,
    id: 7, title: 'Fire safety', image: '/media/fire.jpg', image_alt_text: 'A fire extinguisher', workload: 1.5, score: 10,
    tags: [{ id: 1, name: 'Safety' }], is_mandatory: false, is_open: false, status: 'ongoing', percent: 40,
    qty_activities: 3, certificate: null,
    ...patch,
  };
}

export function moduleActivity(
  patch: Partial<LearnerActivity> = {}, module: Partial<NonNullable<LearnerActivity['module']>> = {},
): LearnerActivity {
  return {
    type: 'module', id: 11, title: 'Intro video', order: 1, available: true, lock_reason: null, available_in: null,
    prerequisite: null, status: 'not_started', test: null,
    module: { kind: 'video', resource_url: '/media/intro.mp4', embed_url: null, scorm_version: null, percent: 0, position_seconds: 0, ...module },
    ...patch,
  };
}

export function courseDetail(activities: LearnerActivity[] = [moduleActivity()], patch: Partial<LearnerTraining> = {}): LearnerTraining {
  return {
    ...courseCard(),
    description: '<p>Learn to <strong>prevent</strong> fires.</p><script>window.hacked = true</script>',
    activities, materials: [], evaluation: null, comments_enabled: false, can_comment: false, forum_enabled: false,
    completed_at: null,
    ...patch,
  };
}
