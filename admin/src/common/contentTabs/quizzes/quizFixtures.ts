import { vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import type { TestTypeOption } from './quizData.ts';

/** Fixtures for the tests tab's component tests. */

/** the seeded group_training_test_types (server migration 2026_11_22_0005) */
export const TEST_TYPES: TestTypeOption[] = [
  { id: 1, slug: 'conventional', use_max_attempts: false, use_minimum_score: true, use_time: false },
  { id: 2, slug: 'block', use_max_attempts: true, use_minimum_score: true, use_time: false },
  { id: 3, slug: 'restart', use_max_attempts: true, use_minimum_score: true, use_time: false },
  { id: 4, slug: 'evaluated_quiz', use_max_attempts: false, use_minimum_score: true, use_time: false },
  { id: 5, slug: 'unevaluated_quiz', use_max_attempts: false, use_minimum_score: false, use_time: false },
  { id: 6, slug: 'timed_block_general', use_max_attempts: false, use_minimum_score: true, use_time: true },
  { id: 7, slug: 'timed_restart_general', use_max_attempts: false, use_minimum_score: true, use_time: true },
];

/** A test in the wire shape of GET …/group_training_tests/{id}/. */
export function wireTest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 31, title: 'Prova final', group_training_test_type: 1, qty_questions: 0, qty_total_questions: null, qty_user_results: 0,
    status: 2, avaliable_in: null, test_score: 0, randomize_questions: true, randomize_answers: true, minimum_score: null,
    maximum_attempts: 0, time_to_answer: null, qty_mandatory_questions: 0, ...overrides,
  };
}

export function wireQuestion(id: number, title: string, answers: Array<[string, boolean]>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, title, is_mandatory: true, qty_answers: answers.length, status: 1,
    group_training_test_question_answers: answers.map(([text, is_correct], i) => ({ id: id * 10 + i, title: text, is_correct })),
    ...extra,
  };
}

export type Calls = {
  serveJson: ReturnType<typeof vi.fn>;
  serveForm: ReturnType<typeof vi.fn>;
  getList: ReturnType<typeof vi.fn>;
};

/** A data provider whose contract calls are the given mocks. */
export function dataProviderWith(calls: Partial<Calls>) {
  return testDataProvider({
    getList: calls.getList ?? vi.fn(async () => ({ data: [], total: 0 })),
    serveJson: calls.serveJson ?? vi.fn(async () => ({ count: 0, results: [] })),
    serveForm: calls.serveForm ?? vi.fn(),
  } as never);
}
