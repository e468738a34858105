import { describe, expect, it } from 'vitest';
import { formatShortDay } from './chartData.ts';

describe('overview chart axis', () => {
  it('writes a day as day and month in the admin’s language', () => {
    expect(formatShortDay('2026-03-05', 'pt-BR')).toBe('05/03');
    expect(formatShortDay('2026-03-05', 'en-US')).toBe('03/05');
    expect(formatShortDay('2026-12-31', 'fr')).toBe('31/12');
  });
});
