import { describe, expect, it } from 'vitest';
import { createTranslate, loadMessages } from './i18n.ts';
import { timeLimitLabel } from './time-limit.ts';

describe('a test time limit written out', () => {
  it('keeps the seconds: 1:30 is not "1 min"', async () => {
    const t = createTranslate(await loadMessages('en'));
    expect(timeLimitLabel(t, '00:01:30')).toBe('1 min 30 s');
    expect(timeLimitLabel(t, '00:20:00')).toBe('20 min');
    expect(timeLimitLabel(t, '00:00:45')).toBe('45 s');
    expect(timeLimitLabel(t, '01:05:00')).toBe('1 h 05 min');
    expect(timeLimitLabel(t, '01:00:30')).toBe('1 h 00 min 30 s');
  });
});
