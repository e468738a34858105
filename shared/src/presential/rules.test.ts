import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS, FINAL_APPOINTMENT_STATUSES, availableActions, availableVacancies, cancelVacancies,
  cancellationRequestRefusal, decideCancellation, divisionRefusal, enrollmentRefusal, fillVacancy, formatQuarter, materialsRefusal, mayDeleteVacancy,
  parseQuarter, quarterKey, quarterOfDay, releaseVacancy, replan, selectionRefusal, transitionRefusal, validateAppointment, validateEvent,
  vacancyInvariantHolds, appointmentTitle, type EnrollmentCheck, type VacancyCounts,
} from './rules.ts';

describe('appointment workflow (spec 3 §4 "Appointment / face-to-face training")', () => {
  it('request → awaiting approval → approved → in progress → finished', () => {
    expect(transitionRefusal('pre_scheduled', 'request', 0)).toBeNull();
    expect(APPOINTMENT_TRANSITIONS.request.to).toBe('awaiting_approval');
    expect(transitionRefusal('awaiting_approval', 'approve', 1)).toBeNull();
    expect(transitionRefusal('approved', 'start', 1)).toBeNull();
    expect(transitionRefusal('in_progress', 'finish', 1)).toBeNull();
  });

  it('"Approval requires at least one event."', () => {
    expect(transitionRefusal('awaiting_approval', 'approve', 0)).toBe('at_least_one_event_is_required_to_approve_the_appointment');
    // reproving needs no event
    expect(transitionRefusal('awaiting_approval', 'reprove', 0)).toBeNull();
  });

  it('refuses every transition outside the table with one clear key, and nothing leaves a final status', () => {
    for (const status of APPOINTMENT_STATUSES) {
      for (const action of APPOINTMENT_ACTIONS) {
        const legal = APPOINTMENT_TRANSITIONS[action].from.includes(status);
        expect(transitionRefusal(status, action, 1), `${status} ${action}`).toBe(legal ? null : 'appointment_transition_not_allowed');
      }
    }
    for (const status of FINAL_APPOINTMENT_STATUSES) expect(availableActions(status, () => true)).toEqual([]);
    expect(transitionRefusal('pre_scheduled', 'approve', 3)).toBe('appointment_transition_not_allowed');
  });

  it('cancel and finish are irreversible (spec 3 §4), and each action needs its spec 1 §6.2 key', () => {
    expect(APPOINTMENT_TRANSITIONS.cancel.irreversible).toBe(true);
    expect(APPOINTMENT_TRANSITIONS.finish.irreversible).toBe(true);
    expect(APPOINTMENT_TRANSITIONS.request.permission).toBe('request_events');
    expect(APPOINTMENT_TRANSITIONS.approve.permission).toBe('approve_events');
    expect(APPOINTMENT_TRANSITIONS.finish.permission).toBe('finish_events');
    expect(APPOINTMENT_TRANSITIONS.fail.permission).toBe('cancel_events');
    const approver = (slug: string) => slug === 'approve_events';
    expect(availableActions('awaiting_approval', approver)).toEqual(['approve', 'reprove']);
    expect(availableActions('pre_scheduled', approver)).toEqual([]);
  });
});

describe('quarters (spec 3 §5, §9: quarter/year, 1–4, e.g. 4/2020)', () => {
  it('parses and formats quarter/year', () => {
    expect(parseQuarter('4/2020')).toEqual({ quarter: 4, year: 2020 });
    expect(parseQuarter(' 1 / 2027 ')).toEqual({ quarter: 1, year: 2027 });
    for (const bad of ['5/2020', '0/2020', '2020/4', '4-2020', '', null, '4/20']) expect(parseQuarter(bad)).toBeNull();
    expect(formatQuarter({ quarter: 3, year: 2026 })).toBe('3/2026');
  });
  it('gives the quarter of a day', () => {
    expect(quarterOfDay('2026-01-01')).toEqual({ quarter: 1, year: 2026 });
    expect(quarterOfDay('2026-06-30')).toEqual({ quarter: 2, year: 2026 });
    expect(quarterOfDay('2026-11-27')).toEqual({ quarter: 4, year: 2026 });
    expect(quarterKey({ quarter: 4, year: 2020 })).toBeLessThan(quarterKey({ quarter: 1, year: 2021 }));
  });
});

describe('planned vacancies (spec 3 §3 "Planned vacancy", §5)', () => {
  it('planned = filled + available + canceled holds after any sequence of operations', () => {
    // a fixed pseudo-random walk: deterministic, many states
    let seed = 7;
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    let v: VacancyCounts = { planned: 5, filled: 0, canceled: 0 };
    for (let i = 0; i < 2000; i += 1) {
      const op = rand(4);
      const next = op === 0 ? fillVacancy(v) : op === 1 ? releaseVacancy(v) : op === 2 ? cancelVacancies(v, 1 + rand(2)) : replan(v, rand(12));
      if (typeof next !== 'string') v = next;
      expect(vacancyInvariantHolds(v), JSON.stringify(v)).toBe(true);
    }
  });

  it('"Enrollment is blocked when the store\'s planned vacancies for the training are used up"', () => {
    const full = { planned: 1, filled: 1, canceled: 0 };
    expect(fillVacancy(full)).toBe('all_vacancies_planned_for_this_store_have_been_used');
    expect(fillVacancy({ planned: 2, filled: 1, canceled: 0 })).toEqual({ planned: 2, filled: 2, canceled: 0 });
    expect(availableVacancies({ planned: 4, filled: 1, canceled: 2 })).toBe(1);
  });

  it('"Filled vacancies cannot be removed" (cant_remove_filled_vancancy)', () => {
    const v = { planned: 5, filled: 3, canceled: 1 };
    expect(replan(v, 3)).toBe('cant_remove_filled_vancancy');
    expect(replan(v, 4)).toEqual({ ...v, planned: 4 });
    expect(cancelVacancies(v, 2)).toBe('cant_remove_filled_vancancy');
    expect(cancelVacancies(v, 1)).toEqual({ ...v, canceled: 2 });
    expect(mayDeleteVacancy(v)).toBe(false);
    expect(mayDeleteVacancy({ planned: 5, filled: 0, canceled: 2 })).toBe(true);
  });

  it('"Vacancies must be distributed to match expected participants, or none assigned"', () => {
    expect(divisionRefusal(10, [])).toBeNull();
    expect(divisionRefusal(10, [4, 6])).toBeNull();
    expect(divisionRefusal(10, [4, 5])).toBe('vacancies_must_match_expected_participants');
    expect(divisionRefusal(null, [1])).toBe('vacancies_must_match_expected_participants');
  });
});

describe('enrollment (spec 3 §4 "Enrollment…", "Training listing and type", §5)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const base: EnrollmentCheck = {
    appointment_status: 'approved', training_type: 'open', invited: false, by_admin: false, subscription_until: new Date('2026-12-01T00:00:00Z'),
    event_has_dates: true, same_course_quarter: 0, event_taken: 0, event_maximum: 10, now,
  };
  it('takes an open training\'s subscription from the audience', () => {
    expect(enrollmentRefusal(base)).toBeNull();
  });
  it('refuses each rule with the spec\'s key', () => {
    expect(enrollmentRefusal({ ...base, appointment_status: 'awaiting_approval' })).toBe('training_not_open_for_enrollment');
    expect(enrollmentRefusal({ ...base, event_has_dates: false })).toBe('event_dates_required_before_enrolling');
    // "Closed: invited users only."
    expect(enrollmentRefusal({ ...base, training_type: 'closed' })).toBe('not_allowed_to_subscribe_users');
    expect(enrollmentRefusal({ ...base, training_type: 'closed', invited: true })).toBeNull();
    // "Registration deadline has been reached"
    expect(enrollmentRefusal({ ...base, subscription_until: new Date('2026-11-01T00:00:00Z') })).toBe('subscription_time_limit_reached');
    expect(enrollmentRefusal({ ...base, by_admin: true, subscription_until: new Date('2026-11-01T00:00:00Z') })).toBeNull();
    // "A user may enroll only once per course per quarter."
    expect(enrollmentRefusal({ ...base, same_course_quarter: 1 })).toBe('user_already_subscribed');
    // "event users cannot exceed the event maximum"
    expect(enrollmentRefusal({ ...base, event_taken: 10 })).toBe('there_are_no_more_vacancies_for_this_event');
    expect(enrollmentRefusal({ ...base, event_taken: 100, event_maximum: null })).toBeNull();
  });
  it('"Selected users cannot exceed available places."', () => {
    expect(selectionRefusal(3, 2)).toBe('the_number_of_users_selected_is_greater_than_the_number_of_places_available');
    expect(selectionRefusal(2, 2)).toBeNull();
    expect(selectionRefusal(200, null)).toBeNull();
  });
  it('cancellation requests: awaiting cancellation → canceled or reproved; blocked after the limit date', () => {
    expect(cancellationRequestRefusal('subscribed', new Date('2026-12-01T00:00:00Z'), now)).toBeNull();
    expect(cancellationRequestRefusal('subscribed', new Date('2026-11-01T00:00:00Z'), now)).toBe('enrollment_cancelation_limit_date_expired');
    expect(cancellationRequestRefusal('canceled', null, now)).toBe('enrollment_transition_not_allowed');
    expect(decideCancellation('awaiting_cancellation', true)).toBe('canceled');
    expect(decideCancellation('awaiting_cancellation', false)).toBe('cancellation_reproved');
    expect(decideCancellation('subscribed', true)).toBe('enrollment_transition_not_allowed');
  });
});

describe('appointment and event data (spec 3 §3, §5)', () => {
  it('"An appointment needs an appointment type and an instructor."', () => {
    expect(validateAppointment({ title: 'X' })).toEqual({
      appointment_type_id: 'make_sure_that_all_fields_are_filled_in', instructors: 'make_sure_that_all_fields_are_filled_in',
    });
    expect(validateAppointment({ title: 'X', appointment_type_id: 1, instructors: [2] })).toEqual({});
    expect(validateAppointment({ title: 'X', appointment_type_id: 1, instructors: [2], minimum_participants: 5, maximum_participants: 4 }))
      .toEqual({ minimum_participants: 'validation_error' });
  });
  it('a blank title uses the training title', () => {
    expect(appointmentTitle('  ', 'Vendas 101')).toBe('Vendas 101');
    expect(appointmentTitle('Turma A', 'Vendas 101')).toBe('Turma A');
  });
  it('an event has a type, a date and hours in order', () => {
    expect(validateEvent({ event_type: 'without_tests', date: '2026-12-01', start_hour: '09:00', end_hour: '12:00' })).toEqual({});
    expect(validateEvent({ event_type: 'without_tests', date: '2026-12-01', start_hour: '13:00', end_hour: '12:00' })).toEqual({ end_hour: 'end_date_before_start_date' });
    expect(Object.keys(validateEvent({}))).toEqual(['event_type', 'date', 'start_hour', 'end_hour']);
  });
  it('"A quantity is required for every selected material."', () => {
    expect(materialsRefusal([{ material_id: 1, quantity: 2 }])).toBeNull();
    expect(materialsRefusal([{ material_id: 1, quantity: 2 }, { material_id: 2, quantity: null }])).toBe('a_quantity_is_required_for_every_selected_material');
  });
});
