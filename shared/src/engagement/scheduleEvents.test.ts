import { describe, expect, it } from 'vitest';
import { checkScheduleLink, validateScheduleEvent } from './scheduleEvents.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const valid = {
  title: 'Convenção', description: '', starts_at: '2026-12-03T19:00:00-03:00', time_zone: 'America/Sao_Paulo', link: '',
  areas: [], profiles: [], user_groups: [4],
};

describe('calendar items (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule)', () => {
  it('takes a title, a date-time with its offset, a known zone and an audience', () => {
    expect(validateScheduleEvent(valid)).toEqual({});
    expect(validateScheduleEvent({ ...valid, title: ' ', starts_at: '', time_zone: '' })).toEqual({ title: REQUIRED, starts_at: REQUIRED, time_zone: REQUIRED });
    expect(validateScheduleEvent({ ...valid, starts_at: '2026-12-03 19:00', time_zone: 'Mars/Olympus' })).toEqual({ starts_at: 'validation_error', time_zone: 'invalid_timezone' });
    expect(validateScheduleEvent({ ...valid, title: 'x'.repeat(257), description: 'y'.repeat(5001) })).toEqual({ title: 'title_too_long', description: 'description_too_long' });
  });

  it('asks for an audience as every editor does: user groups, or areas and profiles', () => {
    expect(validateScheduleEvent({ ...valid, user_groups: [] })).toMatchObject({ areas: REQUIRED, profiles: REQUIRED });
    expect(validateScheduleEvent({ ...valid, user_groups: [], areas: [1] })).toEqual({ profiles: REQUIRED });
  });

  it('links to an http(s) address or a portal path, nothing else', () => {
    for (const ok of ['', 'https://meet.example.com/abc', 'http://example.com', '/courses/7']) expect(checkScheduleLink(ok)).toBeNull();
    for (const bad of ['javascript:alert(1)', '//evil.example', 'ftp://x.org/a', 'see here', 'www.example.com']) expect(checkScheduleLink(bad)).toBe('invalid_schedule_link');
  });
});
