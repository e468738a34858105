/** Contract-shaped answers for the learner pages' tests (tests, certificates, trails, home, forum). */
import { HOME_BLOCKS } from '@lp/shared/rules';
import type {
  Attempt, ForumReply, ForumTopic, HomeDashboard, LearnerActivity, LearnerCertificate, LearnerTrailCard, LearnerTraining,
  LearnerTrainingCard, LearnerTrail,
} from '@lp/shared/contract';

export const reactions = { favorite: false, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null };

export function trainingCard(patch: Partial<LearnerTrainingCard> = {}): LearnerTrainingCard {
  return {
    ...reactions,
    id: 7, title: 'Safety basics', image: null, image_alt_text: null, workload: 2, score: 10, tags: [],
    is_mandatory: false, is_open: false, status: 'ongoing', percent: 50, qty_activities: 2, certificate: null,
    ...patch,
  };
}

export function testActivity(patch: Partial<LearnerActivity> = {}, test: Partial<NonNullable<LearnerActivity['test']>> = {}): LearnerActivity {
  return {
    type: 'test', id: 21, title: 'Final test', order: 2, available: true, lock_reason: null, available_in: null,
    prerequisite: null, status: 'not_started', module: null,
    test: {
      test_type: 'conventional', timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0,
      time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null,
      ...test,
    },
    ...patch,
  };
}

export function training(activities: LearnerActivity[] = [testActivity()], patch: Partial<LearnerTraining> = {}): LearnerTraining {
  return {
    ...trainingCard(),
    description: '<p>About safety</p>', activities, materials: [], evaluation: null,
    comments_enabled: true, can_comment: false, forum_enabled: false, completed_at: null,
    ...patch,
  };
}

/** Two questions, drawn in the order 32, 31 (not their ids' order). */
export function attempt(patch: Partial<Attempt> = {}): Attempt {
  return {
    id: 90, attempt_number: 1, status: 'in_progress', timed: false, one_at_a_time: false,
    started_at: '2026-11-23T10:00:00Z', deadline_at: null, server_now: '2026-11-23T10:00:00Z',
    questions: [
      { id: 32, position: 1, title: '<p>Which colour means stop?</p>', answers: [{ id: 321, title: 'Green' }, { id: 322, title: 'Red' }], answer_id: null, confirmed: false },
      { id: 31, position: 2, title: '<p>Where is the exit?</p>', answers: [{ id: 311, title: 'Left' }, { id: 312, title: 'Right' }], answer_id: null, confirmed: false },
    ],
    result: null,
    ...patch,
  };
}

export function finished(patch: Partial<NonNullable<Attempt['result']>> = {}, attemptPatch: Partial<Attempt> = {}): Attempt {
  return attempt({
    status: 'finished',
    result: { correct_count: 2, total_questions: 2, score: 10, passed: true, consequence: 'none', attempts_left: null, ...patch },
    ...attemptPatch,
  });
}

export function certificate(patch: Partial<LearnerCertificate> = {}): LearnerCertificate {
  return {
    id: 5, content_type: 'training', content_id: 7, title: 'Safety basics', earned_in: '2026-03-15T12:00:00Z',
    expires_at: '2027-03-15T12:00:00Z', status: 'valid', percentage: 100, workload: 2,
    pdf_url: '/api/certificates/5/pdf/', verify_url: 'http://localhost:3000/certificates/verify/ABC123', ...patch,
  };
}

export function trailCard(patch: Partial<LearnerTrailCard> = {}): LearnerTrailCard {
  return {
    ...reactions, id: 3, title: 'Store onboarding', image: null, status: 'ongoing', percent: 50,
    training_quantity: 2, qty_items: 2, is_mandatory: false, certificate: null, ...patch,
  };
}

export function trail(patch: Partial<LearnerTrail> = {}): LearnerTrail {
  return {
    ...trailCard(),
    description: '<p>Your first weeks</p>',
    items: [
      {
        kind: 'training', id: 7, title: 'Safety basics', order: 1, available: true, lock_reason: null, available_in: null,
        prerequisite_kind: null, prerequisite_id: null, status: 'finished', percent: 100, done: true,
      },
      {
        kind: 'training', id: 8, title: 'Customer service', order: 2, available: false, lock_reason: 'prerequisite', available_in: null,
        prerequisite_kind: 'training', prerequisite_id: 7, status: 'not_started', percent: 0, done: false,
      },
    ],
    can_comment: false,
    ...patch,
  };
}

export function dashboard(patch: Partial<HomeDashboard> = {}): HomeDashboard {
  return {
    blocks: [...HOME_BLOCKS],
    next_steps: [trainingCard()],
    open_surveys: [],
    todays_drills: [],
    open_general_tests: [],
    pending_trainings: [trainingCard(), trainingCard({ id: 8, title: 'Customer service', status: 'not_started', percent: 0, is_mandatory: true })],
    finished_trainings: [trainingCard({ id: 9, title: 'Fire drill', status: 'finished', percent: 100 })],
    pending_trails: [trailCard()],
    finished_trails: [],
    my_score: { points: 120, position: 4 },
    statistics: { trainings_finished: 1, trainings_ongoing: 2, certificates: 1, hours: 3.5 },
    schedule: [],
    ...patch,
  };
}

const author = { id: 3, name: 'Lia Learner', author_image: null };

export function topic(patch: Partial<ForumTopic> = {}): ForumTopic {
  return {
    id: 11, title: 'Where are the slides?', status: 1, report: false, liked: false, likes: 2, qty_answers: 1,
    updated_date: '2026-11-20T09:30:00Z', author, text: 'I cannot find them.', created_in: '2026-11-20T09:00:00Z', ...patch,
  };
}

export function reply(patch: Partial<ForumReply> = {}): ForumReply {
  return {
    id: 51, topic_id: 11, text: 'Under materials.', status: 1, report: false, liked: false, likes: 0,
    created_in: '2026-11-20T09:30:00Z', updated_date: '2026-11-20T09:30:00Z', author: { id: 4, name: 'Ivo Instructor', author_image: null }, ...patch,
  };
}
