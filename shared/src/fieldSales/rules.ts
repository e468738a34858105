/**
 * Field-sales rules the server, the admin and the portal all apply (spec 3 §3 "Task (field
 * sales)", §4 "Field-sales task", §5 "Field-sales tasks", §9 "Tasks"): the status workflow, the
 * calendar's reading of a status, questionnaire and answer validation, and the address rule.
 */
import type { ErrorCode } from '../contract/errors.ts';
import {
  FIELD_QUESTION_TYPES, STEP_TYPES, TASK_ACTIONS, TASK_STATUSES,
  type FieldQuestionType, type StepType, type TaskAction, type TaskEventState, type TaskStatus,
} from './lists.ts';

// ---- the task workflow (spec 3 §4) ----

export interface TaskTransition {
  from: readonly TaskStatus[];
  to: TaskStatus;
  /** the operator acts on the field (portal); the admin cancels and deletes */
  by: 'operator' | 'admin';
  /** the action needs a reason (cancel_motive for cancel, §3; the reason of "not realized") */
  reason: boolean;
}

/**
 * pending → in_progress (check-in) → realized (check-out); pending or in progress → not realized
 * with a reason; a pending task is canceled with a reason (cancel_motive); a task that was never
 * carried out (pending, canceled, not realized) may be deleted — a realized or running one keeps
 * its results.
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskAction, TaskTransition>> = {
  check_in: { from: ['pending'], to: 'in_progress', by: 'operator', reason: false },
  check_out: { from: ['in_progress'], to: 'realized', by: 'operator', reason: false },
  not_realized: { from: ['pending', 'in_progress'], to: 'not_realized', by: 'operator', reason: true },
  cancel: { from: ['pending'], to: 'canceled', by: 'admin', reason: true },
  delete: { from: ['pending', 'canceled', 'not_realized'], to: 'deleted', by: 'admin', reason: false },
};

export const canTaskTransition = (status: TaskStatus, action: TaskAction): boolean => TASK_TRANSITIONS[action].from.includes(status);

/** The operator's actions on a task now (the portal's buttons). */
export const operatorActions = (status: TaskStatus): TaskAction[] =>
  TASK_ACTIONS.filter((a) => TASK_TRANSITIONS[a].by === 'operator' && canTaskTransition(status, a));

/** Statuses that hold the representative's day (spec 3 §5: a canceled or deleted task frees it). */
export const occupiesDay = (status: TaskStatus): boolean => status !== 'canceled' && status !== 'deleted';

/** A task's date, times, representative and address change only while it is pending. */
export const isTaskEditable = (status: TaskStatus): boolean => status === 'pending';

/** spec 3 §4 "Events also show scheduled and finished". */
export function taskEventState(status: TaskStatus): TaskEventState {
  switch (status) {
    case 'pending': return 'scheduled';
    case 'realized': case 'not_realized': return 'finished';
    default: return status;
  }
}

export const isTaskStatus = (v: string): v is TaskStatus => (TASK_STATUSES as readonly string[]).includes(v);

// ---- times ----

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTaskTime = (v: string | null | undefined): v is string => typeof v === 'string' && TIME.test(v);

/** 'HH:mm' end after start (same day). */
export const endsAfterStart = (start: string, end: string): boolean => end > start;

// ---- address (spec 3 §5 "The address must be selected from the search list") ----

export interface TaskAddress {
  postal_code: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  /** the search result's reference: 'branch:{id}' (the client's branch) or 'osm:{type}:{id}' (the geocoder) */
  place_ref: string | null;
}

const PLACE_REF = /^(branch:\d{1,12}|osm:[NWR]:\d{1,15})$/;
export const isPlaceRef = (v: string | null | undefined): v is string => typeof v === 'string' && PLACE_REF.test(v);

/** Null when the address came from the search list (a place reference and coordinates). */
export function addressRefusal(a: Pick<TaskAddress, 'latitude' | 'longitude' | 'place_ref' | 'address'>): ErrorCode | null {
  const lat = a.latitude, lng = a.longitude;
  if (!isPlaceRef(a.place_ref) || lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)
    || Math.abs(lat) > 90 || Math.abs(lng) > 180 || !a.address?.trim()) {
    return 'address_must_be_selected_from_search';
  }
  return null;
}

/** Great-circle distance in metres (the check-in's distance from the task address). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * R * Math.asin(Math.min(1, Math.sqrt(h))));
}

// ---- questionnaires ----

export interface QuestionnaireQuestionDraft {
  text: string;
  question_type: FieldQuestionType;
  required: boolean;
  options: readonly string[];
}
export interface QuestionnaireStepDraft {
  title: string;
  step_type: StepType;
  questions: readonly QuestionnaireQuestionDraft[];
}
export interface QuestionnaireDraft {
  title: string;
  steps: readonly QuestionnaireStepDraft[];
}

export const isChoiceType = (t: FieldQuestionType): boolean => t === 'single_choice' || t === 'multiple_choice';

/** Field errors of a questionnaire ('steps.0.questions.1.options' …); empty when it may be saved. */
export function validateQuestionnaire(q: QuestionnaireDraft): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
  if (!q.title.trim()) fields.title = REQUIRED;
  if (!q.steps.length) fields.steps = REQUIRED;
  q.steps.forEach((step, s) => {
    if (!step.title.trim()) fields[`steps.${s}.title`] = REQUIRED;
    if (!(STEP_TYPES as readonly string[]).includes(step.step_type)) fields[`steps.${s}.step_type`] = 'validation_error';
    if (!step.questions.length) fields[`steps.${s}.questions`] = REQUIRED;
    step.questions.forEach((question, i) => {
      const at = `steps.${s}.questions.${i}`;
      if (!question.text.trim()) fields[`${at}.text`] = REQUIRED;
      if (!(FIELD_QUESTION_TYPES as readonly string[]).includes(question.question_type)) fields[`${at}.question_type`] = 'validation_error';
      // an evidence page holds photos only
      else if (step.step_type === 'photos' && question.question_type !== 'photo') fields[`${at}.question_type`] = 'questionnaire_photo_step_takes_photos';
      if (isChoiceType(question.question_type)) {
        const labels = question.options.map((o) => o.trim());
        if (labels.length < 2 || labels.some((l) => !l)) fields[`${at}.options`] = 'questionnaire_choice_needs_two_options';
      }
    });
  });
  return fields;
}

// ---- answers ----

/** One answer as sent; the field its type reads (lists.ts FIELD_QUESTION_TYPES). */
export interface FieldAnswerValue {
  option_ids?: number[];
  text?: string;
  number?: number;
  file?: string;
  boolean?: boolean;
}

/** Null when `value` answers a question of `type` with `optionCount` options (an empty answer is "not answered", see isAnswered). */
export function fieldAnswerRefusal(type: FieldQuestionType, optionCount: number, value: FieldAnswerValue): ErrorCode | null {
  const bad: ErrorCode = 'invalid_answer';
  switch (type) {
    case 'single_choice':
    case 'multiple_choice': {
      const ids = value.option_ids ?? [];
      if (ids.some((id) => !Number.isInteger(id) || id < 0 || id >= optionCount) || new Set(ids).size !== ids.length) return bad;
      return type === 'single_choice' && ids.length > 1 ? bad : null;
    }
    case 'text': return value.text === undefined || value.text.length <= 4000 ? null : bad;
    case 'number': return value.number === undefined || Number.isFinite(value.number) ? null : bad;
    case 'photo': return value.file === undefined || (value.file.length > 0 && value.file.length <= 512) ? null : bad;
    case 'yes_no': return null;
  }
}

/** Whether a stored answer answers its question (a required question needs one before check-out). */
export function isAnswered(type: FieldQuestionType, value: FieldAnswerValue | null | undefined): boolean {
  if (!value) return false;
  switch (type) {
    case 'single_choice': case 'multiple_choice': return (value.option_ids?.length ?? 0) > 0;
    case 'text': return !!value.text?.trim();
    case 'number': return typeof value.number === 'number';
    case 'photo': return !!value.file;
    case 'yes_no': return typeof value.boolean === 'boolean';
  }
}

/** The answer as text (results screen and export): option labels, 'yes'/'no', the number, the text or the file. */
export function answerDisplay(type: FieldQuestionType, options: readonly string[], value: FieldAnswerValue): string {
  switch (type) {
    case 'single_choice': case 'multiple_choice': return (value.option_ids ?? []).map((i) => options[i] ?? '').join('; ');
    case 'text': return value.text ?? '';
    case 'number': return value.number === undefined ? '' : String(value.number);
    case 'photo': return value.file ?? '';
    case 'yes_no': return value.boolean === undefined ? '' : value.boolean ? 'yes' : 'no';
  }
}
