import { describe, expect, it } from 'vitest';
import { rankTrainings } from './overview.ts';

const row = (id: number, started: number, finished: number, status = 1) => ({ id, title: `T${id}`, status, started, finished });

describe('rankTrainings (the overview’s top and bottom trainings)', () => {
  it('ranks by completion rate, then by enrolments; bottom never repeats top; deleted ones are out', () => {
    const rows = [
      row(1, 10, 10), row(2, 4, 4), row(3, 10, 5), row(4, 2, 1), row(5, 8, 0), row(6, 3, 0), row(7, 20, 2), row(8, 5, 5, 3), row(9, 6, 3),
      row(10, 1, 0), row(11, 9, 9), row(12, 7, 1),
    ];
    const { top, bottom } = rankTrainings(rows);
    expect(top.map((t) => t.id)).toEqual([1, 11, 2, 3, 9]);
    expect(top[0]).toEqual({ id: 1, title: 'T1', enrollments: 10, completed: 10, completion_rate: 100 });
    // 0 % over 8 learners matters more than 0 % over 1
    expect(bottom.map((t) => t.id)).toEqual([5, 6, 10, 7, 12]);
    expect(bottom.find((t) => t.id === 7)!.completion_rate).toBe(10);
  });

  it('shows what there is when there are few', () => {
    expect(rankTrainings([row(1, 2, 1)])).toEqual({ top: [{ id: 1, title: 'T1', enrollments: 2, completed: 1, completion_rate: 50 }], bottom: [] });
    expect(rankTrainings([])).toEqual({ top: [], bottom: [] });
  });
});
