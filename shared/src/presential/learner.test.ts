import { describe, expect, it } from 'vitest';
import {
  mayLeavePresential, presentialCommentRefusal, presentialEvaluationRefusal, presentialEventStart, presentialIcs, presentialProgress, presentialTestRefusal,
} from './learner.ts';

describe('face-to-face, the learner side', () => {
  it('progress: not subscribed, subscribed, subscribed in a finished training', () => {
    expect(presentialProgress('approved', null)).toBe('not_started');
    expect(presentialProgress('approved', 'canceled')).toBe('not_started');
    expect(presentialProgress('in_progress', 'awaiting_cancellation')).toBe('ongoing');
    expect(presentialProgress('finished', 'subscribed')).toBe('finished');
  });

  it('an event starts at its wall-clock hour in the appointment timezone', () => {
    expect(presentialEventStart({ date: '2026-12-10', start_hour: '09:00' }, 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-10T12:00:00.000Z');
  });

  it('a learner leaves by themselves only before the event and within the subscription period', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const base = { appointment_status: 'approved' as const, enrollment_status: 'subscribed' as const, subscription_until: null, event_start: new Date('2026-12-10T12:00:00Z'), now };
    expect(mayLeavePresential(base)).toBe(true);
    expect(mayLeavePresential({ ...base, subscription_until: new Date('2026-11-30T00:00:00Z') })).toBe(false);
    expect(mayLeavePresential({ ...base, event_start: new Date('2026-12-01T11:00:00Z') })).toBe(false);
    expect(mayLeavePresential({ ...base, appointment_status: 'finished' })).toBe(false);
    expect(mayLeavePresential({ ...base, enrollment_status: 'awaiting_cancellation' })).toBe(false);
  });

  it('tests per event type: online after finishing, presential inside the window, only when enrolled', () => {
    const base = { appointment_status: 'approved' as const, enrollment: 'subscribed' as const, window_open: false };
    expect(presentialTestRefusal({ ...base, event_type: 'without_tests' })).toBe('not_found');
    expect(presentialTestRefusal({ ...base, event_type: 'online_test' })).toBe('event_not_finished');
    expect(presentialTestRefusal({ ...base, event_type: 'online_test', appointment_status: 'finished' })).toBeNull();
    expect(presentialTestRefusal({ ...base, event_type: 'presential_test' })).toBe('presential_test_window_closed');
    expect(presentialTestRefusal({ ...base, event_type: 'presential_test', window_open: true })).toBeNull();
    expect(presentialTestRefusal({ ...base, event_type: 'presential_test', window_open: true, enrollment: null })).toBe('you_must_subscribe_for_event');
  });

  it('comments: subscribed, after finishing, every activity done, once', () => {
    const ok = { appointment_status: 'finished' as const, enrollment: 'subscribed' as const, tests_left: 0, already_commented: false };
    expect(presentialCommentRefusal(ok)).toBeNull();
    expect(presentialCommentRefusal({ ...ok, enrollment: 'canceled' })).toBe('you_must_subscribe_for_event');
    expect(presentialCommentRefusal({ ...ok, appointment_status: 'in_progress' })).toBe('event_not_finished');
    expect(presentialCommentRefusal({ ...ok, tests_left: 1 })).toBe('you_need_to_complete_all_activities');
    expect(presentialCommentRefusal({ ...ok, already_commented: true })).toBe('you_already_commented');
  });

  it('reaction evaluation: enrolled in the event, after finishing', () => {
    expect(presentialEvaluationRefusal({ appointment_status: 'finished', enrollment: 'subscribed' })).toBeNull();
    expect(presentialEvaluationRefusal({ appointment_status: 'finished', enrollment: null })).toBe('you_must_subscribe_for_event');
    expect(presentialEvaluationRefusal({ appointment_status: 'finished', enrollment: 'canceled' })).toBe('you_must_subscribe_for_event');
    expect(presentialEvaluationRefusal({ appointment_status: 'in_progress', enrollment: 'subscribed' })).toBe('event_not_finished');
  });

  it('writes one VEVENT per event, escaped and folded', () => {
    const ics = presentialIcs([
      { id: 7, title: 'Vendas; turma 1', start: new Date('2026-12-10T12:00:00Z'), end: new Date('2026-12-10T20:00:00Z'), location: 'Sala 1, Av. Paulista', url: 'https://x/presential/3' },
      { id: 8, title: 'Dia 2', start: new Date('2026-12-11T12:00:00Z'), end: new Date('2026-12-11T12:00:00Z'), location: '', url: 'https://x/presential/3' },
    ], 'x', new Date('2026-12-01T00:00:00Z'));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('UID:presential-event-7@x');
    expect(ics).toContain('SUMMARY:Vendas\\; turma 1');
    expect(ics).toContain('LOCATION:Sala 1\\, Av. Paulista');
    expect(ics).toContain('DTEND:20261211T130000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
