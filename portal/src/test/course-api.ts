import type { LearnerTraining } from '@lp/shared/contract';
import { fakeApi, type FakeCall } from './render.tsx';

/** The course-detail tests' API: training 7, its comments and a module's progress, plus what a test adds. */
type Route = [number, unknown] | ((call: FakeCall) => [number, unknown]);

export const postedBodies = (calls: FakeCall[], path: string) =>
  calls.filter((c) => c.method !== 'GET' && c.path === path).map((c) => JSON.parse(c.body || '{}') as unknown);

export function serveTraining(training: LearnerTraining | (() => LearnerTraining), extra: Record<string, Route> = {}) {
  return fakeApi({
    'GET /group_trainings/7/': () => [200, typeof training === 'function' ? training() : training],
    'GET /group_trainings/7/comments/': [200, { count: 0, results: [] }],
    'POST /group_trainings/7/modules/11/progress/': [200, { status: 'ongoing', percent: 10, position_seconds: 10, training_status: 'ongoing' }],
    ...extra,
  });
}
