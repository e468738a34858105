import { describe, expect, it } from 'vitest';
import { listReportBody } from './reportBody.ts';

describe('listReportBody (a list’s filters as its report’s body)', () => {
  it('sends the search and the filters the report takes, leaving out empty and malformed ones', () => {
    expect(listReportBody({ q: '  vendas ', status: 2, category: '7', other: 'x' }, { integers: ['status', 'category'] }))
      .toEqual({ search: 'vendas', status: 2, category: 7 });
    expect(listReportBody({ q: '   ', status: '', category: 'abc' }, { integers: ['status', 'category'] })).toEqual({});
    expect(listReportBody({ status: ' sent ' }, { words: ['status'] })).toEqual({ status: 'sent' });
    expect(listReportBody({ status: 0 }, { integers: ['status'] })).toEqual({});
  });
});
