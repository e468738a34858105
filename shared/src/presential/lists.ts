/** The face-to-face lists, free of schemas: the rules and the contract both read them. */
/** spec 3 §4 statuses of an appointment (shared/src/presential/rules.ts has the transitions). */
export const APPOINTMENT_STATUSES = ['pre_scheduled', 'awaiting_approval', 'approved', 'reproved', 'in_progress', 'finished', 'canceled', 'failed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** spec 3 §2 "request, approve, reprove, cancel and finish actions" (+ start, and fail: spec 1 §6.2 "cancel and fail events") */
export const APPOINTMENT_ACTIONS = ['request', 'approve', 'reprove', 'start', 'finish', 'cancel', 'fail'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];
/** spec 3 §4 "Training listing and type": open (users register) or closed (invited users only). */
export const APPOINTMENT_TRAINING_TYPES = ['open', 'closed'] as const;
export type AppointmentTrainingType = (typeof APPOINTMENT_TRAINING_TYPES)[number];
/** spec 3 §3 event types (presential_event_types): with online test, with presential test, without tests. */
export const EVENT_TEST_TYPES = ['online_test', 'presential_test', 'without_tests'] as const;
export type EventTestType = (typeof EVENT_TEST_TYPES)[number];
/** spec 3 §4 "Enrollment in a face-to-face training". */
export const ENROLLMENT_STATUSES = ['subscribed', 'awaiting_cancellation', 'canceled', 'cancellation_reproved'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
