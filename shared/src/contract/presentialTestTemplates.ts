import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_RESOURCES } from './adminResources.ts';
import { PRESENTIAL_EVENTS_PATH } from './collections.ts';

/**
 * Face-to-face test templates (spec 1 §6.2 presential_test_templates; spec 3 §2 "Tests per event
 * type": tests reusable across appointments). A template is a question-only owner of the
 * owned-content core: its one test holds questions with alternatives (the shared choice-question
 * routes); an event with an online or presential test copies a template's questions into a test
 * of its own, which the event's Tests tab then edits like any other.
 */
type Id = number | string;
const TEMPLATES = ADMIN_RESOURCES.presential_test_templates.apiPath;

export const PRESENTIAL_TEST_TEMPLATE_PATHS = {
  collection: TEMPLATES,
  item: (id: Id) => `${TEMPLATES}${id}/`,
  /** the template's questions (ChoiceQuestion, ChoiceQuestionInput) */
  questions: (id: Id) => `${TEMPLATES}${id}/questions/`,
  question: (id: Id, questionId: Id) => `${TEMPLATES}${id}/questions/${questionId}/`,
  /** GET → PresentialTestTemplateChoice[]: what the event's Tests tab offers (the event editor's access, not the templates screen's) */
  choices: `${TEMPLATES}choices/`,
  /** POST ApplyTestTemplateBody → 201 {id}: a new test of the event with a copy of the template's questions */
  applyToEvent: (eventId: Id) => `${PRESENTIAL_EVENTS_PATH}${eventId}/presential_event_tests/from_template/`,
} as const;

export const PresentialTestTemplate = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 0–100, carried to the tests made from it; null: none */
  minimum_score: Type.Union([Type.Integer(), Type.Null()]),
  qty_questions: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type PresentialTestTemplate = Static<typeof PresentialTestTemplate>;

export const PresentialTestTemplateInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 256 }),
  minimum_score: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()])),
});
export type PresentialTestTemplateInput = Static<typeof PresentialTestTemplateInput>;

export const PresentialTestTemplateChoice = Type.Object({ id: Type.Integer(), title: Type.String(), qty_questions: Type.Integer() });
export type PresentialTestTemplateChoice = Static<typeof PresentialTestTemplateChoice>;

export const ApplyTestTemplateBody = Type.Object({ template_id: Type.Integer({ minimum: 1 }) });
export type ApplyTestTemplateBody = Static<typeof ApplyTestTemplateBody>;
