import { describe, expect, it } from 'vitest';
import { OVERVIEW_MAX_DAYS, lastDays, panelQuery, parsePanelFilters, periodDays, ratePercent, resolveOverviewPeriod } from './overview.ts';

describe('overview period (spec 1 §2.3 overview dashboard)', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(resolveOverviewPeriod(undefined, undefined, '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(lastDays('2026-03-01', 7)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });

  it('takes both days or neither, real days in order, at most a year and a day', () => {
    expect(resolveOverviewPeriod('2026-11-01', '2026-11-01', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(resolveOverviewPeriod('2026-11-01', undefined, '2026-11-27')).toBe('validation_error');
    expect(resolveOverviewPeriod('2026-02-30', '2026-03-01', '2026-11-27')).toBe('validation_error');
    expect(resolveOverviewPeriod('2026-11-02', '2026-11-01', '2026-11-27')).toBe('validation_error');
    expect(resolveOverviewPeriod('2025-11-27', '2026-11-27', '2026-11-27')).toEqual({ from: '2025-11-27', to: '2026-11-27' });
    expect(OVERVIEW_MAX_DAYS).toBe(366);
    expect(resolveOverviewPeriod('2025-11-26', '2026-11-27', '2026-11-27')).toBe('overview_period_too_long');
  });

  it('lists every day of the period, across months', () => {
    expect(periodDays({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('gives rates with one decimal, none without a whole', () => {
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(2, 3)).toBe(66.7);
    expect(ratePercent(0, 0)).toBeNull();
    expect(ratePercent(5, 5)).toBe(100);
  });
});

describe('BI panel filters (spec 1 §6.2 reports_panel)', () => {
  it('reads the id lists of the query, each id once, and leaves out empty ones', () => {
    expect(parsePanelFilters({ areas: '3,7,3', profiles: '', groups: undefined, headquarters: '9' })).toEqual({ areas: [3, 7], headquarters: [9] });
    expect(parsePanelFilters({})).toEqual({});
  });

  it('writes the query the route reads, filters in a fixed order', () => {
    expect(panelQuery({ from: '2026-03-01', to: '2026-03-31' }, { headquarters: [9], areas: [3, 7], profiles: [] }))
      .toBe('from=2026-03-01&to=2026-03-31&areas=3%2C7&headquarters=9');
    const back = new URLSearchParams(panelQuery({ from: '2026-03-01', to: '2026-03-31' }, { groups: [1, 2] }));
    expect(parsePanelFilters({ groups: back.get('groups') ?? undefined })).toEqual({ groups: [1, 2] });
  });
});
