import { describe, expect, it } from 'vitest';
import {
  formatTransmissionDate, normalizeEmbed, parseTransmissionDate, parseWebcastScore, validateWebcast, webcastPublicUrl, webcastTestsOpen,
  webcastIsWatchable, webcastWatchState, type WebcastValues,
} from './webcasts.ts';
import { formatDateTime } from './dates/index.ts';

const valid: WebcastValues = {
  title: 'Lançamento da coleção',
  description: '<p>Ao vivo</p>',
  webcast_type: 1,
  embed: 'https://www.youtube.com/embed/abc',
  transmission_date: new Date('2026-11-23T22:00:00Z'),
  timezone: 'America/Sao_Paulo',
  workload: 1,
  score: 0,
  status: 1,
  areas: [],
  profiles: [],
  user_groups: [3],
};
const ctx = { scoreEditable: true, staticScores: null };

describe('spec 2 §7.3 transmission_date round trip', () => {
  it('is sent with the offset of the chosen zone and read back to the same instant', () => {
    const at = new Date('2026-11-23T22:00:00Z');
    const text = formatTransmissionDate(at, 'America/Sao_Paulo');
    expect(text).toBe('2026-11-23T19:00:00-03:00');
    expect(parseTransmissionDate(text, 'UTC')!.toISOString()).toBe(at.toISOString());
    expect(formatTransmissionDate(at, 'Asia/Tokyo')).toBe('2026-11-24T07:00:00+09:00');
    expect(parseTransmissionDate('2026-11-23T22:00:00Z', 'Asia/Tokyo')!.toISOString()).toBe(at.toISOString());
  });

  it("reads the end form's 'YYYY-MM-DD HH:mm:ss' as a wall-clock time in the webcast's zone", () => {
    expect(parseTransmissionDate('2026-11-23 19:00:00', 'America/Sao_Paulo')!.toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(parseTransmissionDate('2026-07-01 10:00:00', 'Europe/Paris')!.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    expect(parseTransmissionDate('2026-02-31T10:00:00-03:00', 'UTC')).toBeNull();
    expect(parseTransmissionDate('yesterday', 'UTC')).toBeNull();
    expect(parseTransmissionDate('2026-11-23 25:00:00', 'UTC')).toBeNull();
    expect(parseTransmissionDate('', 'UTC')).toBeNull();
  });
});

describe('spec 2 §5.9 embed and score', () => {
  it("prefixes https:// when the value lacks 'http', and sends 'none' for browser streaming", () => {
    expect(normalizeEmbed(1, 'www.youtube.com/embed/x')).toBe('https://www.youtube.com/embed/x');
    expect(normalizeEmbed(3, 'http://vimeo.com/1')).toBe('http://vimeo.com/1');
    expect(normalizeEmbed(5, '  https://example.com/live  ')).toBe('https://example.com/live');
    expect(normalizeEmbed(2, 'https://ignored')).toBe('none');
    expect(normalizeEmbed(1, '')).toBe('');
  });

  it('parses a non-numeric score to an integer; empty is 0', () => {
    expect(parseWebcastScore('42pts')).toBe(42);
    expect(parseWebcastScore('')).toBe(0);
    expect(parseWebcastScore('abc')).toBe(0);
    expect(parseWebcastScore(12.7)).toBe(12);
    expect(parseWebcastScore(null)).toBe(0);
  });
});

describe('spec 2 §5.9 validateWebcast', () => {
  it('accepts a complete webcast', () => {
    expect(validateWebcast(valid, ctx)).toEqual({});
  });

  it('title required, at most 256; description at most 1024 plain characters', () => {
    expect(validateWebcast({ ...valid, title: ' ' }, ctx).title).toBe('make_sure_that_all_fields_are_filled_in');
    expect(validateWebcast({ ...valid, title: 'a'.repeat(257) }, ctx).title).toBe('title_too_long');
    expect(validateWebcast({ ...valid, description: `<p>${'a'.repeat(1024)}</p>` }, ctx)).toEqual({});
    expect(validateWebcast({ ...valid, description: `<p>${'a'.repeat(1025)}</p>` }, ctx).description).toBe('description_too_long');
  });

  it('type required; embed required for 1, 3 and 5, not for 2', () => {
    expect(validateWebcast({ ...valid, webcast_type: null }, ctx).webcast_type).toBe('make_sure_that_all_fields_are_filled_in');
    for (const type of [1, 3, 5]) expect(validateWebcast({ ...valid, webcast_type: type, embed: '' }, ctx).embed).toBe('make_sure_that_all_fields_are_filled_in');
    expect(validateWebcast({ ...valid, webcast_type: 2, embed: 'none' }, ctx)).toEqual({});
    expect(validateWebcast({ ...valid, embed: 'https://' }, ctx).embed).toBe('invalid_embed');
  });

  it('transmission date, workload and a valid timezone are required', () => {
    const errors = validateWebcast({ ...valid, transmission_date: null, workload: null, timezone: '' }, ctx);
    expect(errors).toMatchObject({
      transmission_date: 'make_sure_that_all_fields_are_filled_in', workload: 'make_sure_that_all_fields_are_filled_in',
      timezone: 'make_sure_that_all_fields_are_filled_in',
    });
    expect(validateWebcast({ ...valid, timezone: 'Mars/Olympus' }, ctx).timezone).toBe('invalid_timezone');
  });

  it('alt texts at most 170 each', () => {
    expect(validateWebcast({ ...valid, webcast_image_alt_texts: { 'en-us': 'a'.repeat(171) } }, ctx)['webcast_image_alt_texts.en-us']).toBe('alt_text_too_long');
  });

  it('audience as for trainings: user groups, or areas plus profiles', () => {
    const none = validateWebcast({ ...valid, user_groups: [] }, ctx);
    expect(Object.keys(none).sort()).toEqual(['areas', 'profiles', 'user_groups']);
    expect(validateWebcast({ ...valid, user_groups: [], areas: [1] }, ctx)).toEqual({ profiles: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateWebcast({ ...valid, user_groups: [], areas: [1], profiles: [2] }, ctx)).toEqual({});
  });

  it('score: a whole number ≥ 0, one of the static scores when the client uses them', () => {
    expect(validateWebcast({ ...valid, score: -1 }, ctx).score).toBe('validation_error');
    expect(validateWebcast({ ...valid, score: 30 }, { scoreEditable: true, staticScores: [10, 20] }).score).toBe('validation_error');
    expect(validateWebcast({ ...valid, score: 20 }, { scoreEditable: true, staticScores: [10, 20] })).toEqual({});
    expect(validateWebcast({ ...valid, score: -1 }, { scoreEditable: false, staticScores: null })).toEqual({});
  });

  it('status 1, 2 or 4 only', () => {
    expect(validateWebcast({ ...valid, status: 4 }, ctx)).toEqual({});
    expect(validateWebcast({ ...valid, status: 5 }, ctx).status).toBe('validation_error');
  });
});

describe('spec 2 §2.1 watch state', () => {
  const base = {
    webcast_type: 2, status: 1, transmission_date: new Date('2026-11-23T22:00:00Z'),
    transmission_completed: false, transmission_downloaded: false, has_hls: false,
  };
  const before = new Date('2026-11-23T21:00:00Z');
  const after = new Date('2026-11-23T23:00:00Z');

  it('browser streaming: not started until the stream is live, converting until the video is saved', () => {
    expect(webcastWatchState(base, after)).toBe('not_started');
    expect(webcastWatchState({ ...base, has_hls: true }, after)).toBe('live');
    expect(webcastWatchState({ ...base, has_hls: true, transmission_completed: true }, after)).toBe('converting');
    expect(webcastWatchState({ ...base, status: 5, has_hls: true }, after)).toBe('converting');
    expect(webcastWatchState({ ...base, status: 4, has_hls: true, transmission_downloaded: true }, after)).toBe('finished');
  });

  it('embeds: live from the transmission date, finished at status 4', () => {
    const embed = { ...base, webcast_type: 1 };
    expect(webcastWatchState(embed, before)).toBe('not_started');
    expect(webcastWatchState(embed, after)).toBe('live');
    expect(webcastWatchState({ ...embed, status: 4 }, before)).toBe('finished');
  });

  it('is watchable live or with its recording, not before nor while converting', () => {
    expect((['not_started', 'live', 'converting', 'finished'] as const).map(webcastIsWatchable)).toEqual([false, true, false, true]);
  });

  it('tests open only once finished', () => {
    expect(webcastTestsOpen(4)).toBe(true);
    expect([1, 2, 5].map(webcastTestsOpen)).toEqual([false, false, false]);
  });

  it('public link {host}/webinars/{id}', () => {
    expect(webcastPublicUrl('https://learn.example.com/', 9)).toBe('https://learn.example.com/webinars/9');
  });
});

describe('spec 4 "Dates": transmissions shown with their time, in their own zone', () => {
  it('DD/MM/YYYY HH:mm for languages 1 and 3, MM-DD-YYYY HH:mm otherwise', () => {
    const shown = (languageId: number) => formatDateTime('2026-12-10T19:05:00-03:00', languageId, 'America/Sao_Paulo');
    expect(shown(1)).toBe('10/12/2026 19:05');
    expect(shown(3)).toBe('10/12/2026 19:05');
    expect(shown(2)).toBe('12-10-2026 19:05');
    // the wall clock of the webcast's zone, however the instant was written
    expect(formatDateTime('2026-12-10T22:05:00Z', 1, 'America/Sao_Paulo')).toBe('10/12/2026 19:05');
  });
});
