import { describe, expect, it } from 'vitest';
import { unpublishDateForDisplay, unpublishDateFromDisplay } from './unpublishDate.ts';

describe('unpublish date display shift (spec 4 "Dates": +1 day when loaded)', () => {
  it('shows the stored day plus one, across months and leap years', () => {
    expect(unpublishDateForDisplay('2026-11-30')).toBe('2026-12-01');
    expect(unpublishDateForDisplay('2028-02-28')).toBe('2028-02-29');
    expect(unpublishDateForDisplay('2026-12-31')).toBe('2027-01-01');
  });

  it('sends the shown day minus one, so loading and saving keep the date', () => {
    expect(unpublishDateFromDisplay('2027-01-01')).toBe('2026-12-31');
    for (const day of ['2026-03-01', '2024-02-29', '2030-07-15']) {
      expect(unpublishDateFromDisplay(unpublishDateForDisplay(day))).toBe(day);
    }
  });

  it('keeps blanks and refuses impossible days', () => {
    expect(unpublishDateForDisplay(null)).toBeNull();
    expect(unpublishDateFromDisplay('')).toBeNull();
    expect(unpublishDateFromDisplay('2026-02-30')).toBeNull();
    expect(unpublishDateForDisplay('31/12/2026')).toBeNull();
  });
});
