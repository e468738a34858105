/**
 * The owner kinds of the owned-content core, one declaration each (docs/architecture/owned-content.md
 * "Add an owner kind"). Paths and wire names are the spec's, from shared.
 */
import {
  ADMIN_RESOURCES, GROUP_TRAINING_TESTS, LEARNER_LIVE_CLASS_PATHS, LIVE_CLASS_BASE_EVALUATION_FIELD, LIVE_CLASS_EVALUATION_PATHS,
  LIVE_CLASS_EVALUATION_QUESTION_TYPE_FIELD, LIVE_CLASS_MATERIAL_PATHS, LIVE_CLASS_MATERIAL_UPLOAD_KIND, LIVE_CLASS_PATHS, LIVE_CLASS_TESTS, LEARNER_PATHS, LEARNER_WEBCAST_PATHS, MATERIAL_PATHS, TRAINING_EVALUATION_PATHS,
  TRAINING_EVALUATION_QUESTION_TYPE_FIELD, TRAINING_PATHS, UPLOAD_KINDS, WEBCAST_BASE_EVALUATION_FIELD, WEBCAST_EVALUATION_PATHS,
  WEBCAST_EVALUATION_QUESTION_TYPE_FIELD, WEBCAST_MATERIAL_PATHS, WEBCAST_MATERIAL_UPLOAD_KIND, WEBCAST_PATHS, WEBCAST_TESTS,
  LEARNER_PRESENTIAL_PATHS, PRESENTIAL_EVENT_BASE_EVALUATION_FIELD, PRESENTIAL_EVENT_EVALUATION_PATHS, PRESENTIAL_EVENT_EVALUATION_QUESTION_TYPE_FIELD,
  PRESENTIAL_EVENT_MATERIAL_PATHS, PRESENTIAL_EVENT_MATERIAL_UPLOAD_KIND, PRESENTIAL_EVENT_TESTS, PRESENTIAL_PATHS, LEARNER_GENERAL_TEST_PATHS,
} from '@lp/shared/contract';
import type { OwnerKind, QuestionOwnerKind, TestEngineOwner } from './owner.ts';

/** spec 2 §7.1 group trainings: P = /admin_group_trainings/group_trainings/{id}. */
export const TRAINING_OWNER: OwnerKind = {
  kind: 'training',
  ownerTable: 'group_trainings',
  tablePrefix: 'group_training',
  wirePrefix: 'group_training',
  commentOrigin: 'training',
  admin: { title: ADMIN_RESOURCES.trainings.title, manage: 'trainings_manage', refusal: 'You do not have permission to change trainings' },
  tests: GROUP_TRAINING_TESTS,
  evaluations: {
    paths: TRAINING_EVALUATION_PATHS,
    questionTypeField: TRAINING_EVALUATION_QUESTION_TYPE_FIELD,
    fromBaseField: 'base_evaluation_id',
    questionTypesPath: TRAINING_PATHS.evaluationQuestionTypes,
  },
  materials: { ...MATERIAL_PATHS, uploadKind: UPLOAD_KINDS.trainingMaterial, folder: (id) => `trainings/${id}/materials` },
  learner: LEARNER_PATHS,
};

/**
 * spec 2 §7.3 webcasts: W = /admin_webcasts/webcasts/{id}, "the same behaviour … with webcast
 * fields" (§2.5). Comments: the list only — "No moderation path exists for webcast" (§7.4).
 */
export const WEBCAST_OWNER: OwnerKind = {
  kind: 'webcast',
  ownerTable: 'webcasts',
  tablePrefix: 'webcast',
  wirePrefix: 'webcast',
  commentOrigin: 'webcast',
  admin: { title: ADMIN_RESOURCES.webcasts.title, manage: 'webcasts_manage', refusal: 'You do not have permission to change webcasts' },
  tests: WEBCAST_TESTS,
  evaluations: {
    paths: WEBCAST_EVALUATION_PATHS,
    questionTypeField: WEBCAST_EVALUATION_QUESTION_TYPE_FIELD,
    fromBaseField: WEBCAST_BASE_EVALUATION_FIELD,
    questionTypesPath: WEBCAST_PATHS.evaluationQuestionTypes,
  },
  materials: { ...WEBCAST_MATERIAL_PATHS, uploadKind: WEBCAST_MATERIAL_UPLOAD_KIND, folder: (id) => `webcasts/${id}/materials` },
  learner: LEARNER_WEBCAST_PATHS,
};

/**
 * spec 3 §2 "Live classes": reaction tests, tests and materials as a webcast's, and the comments
 * of origin live_class — the list only: "No moderation path is defined for live_class" (spec 3 §7).
 */
export const LIVE_CLASS_OWNER: OwnerKind = {
  kind: 'live_class',
  ownerTable: 'live_classes',
  tablePrefix: 'live_class',
  wirePrefix: 'live_class',
  commentOrigin: 'live_class',
  admin: { title: ADMIN_RESOURCES.live_classes.title, manage: 'live_classes_manage', refusal: 'You do not have permission to change live classes' },
  tests: LIVE_CLASS_TESTS,
  evaluations: {
    paths: LIVE_CLASS_EVALUATION_PATHS,
    questionTypeField: LIVE_CLASS_EVALUATION_QUESTION_TYPE_FIELD,
    fromBaseField: LIVE_CLASS_BASE_EVALUATION_FIELD,
    questionTypesPath: LIVE_CLASS_PATHS.evaluationQuestionTypes,
  },
  materials: { ...LIVE_CLASS_MATERIAL_PATHS, uploadKind: LIVE_CLASS_MATERIAL_UPLOAD_KIND, folder: (id) => `live_classes/${id}/materials` },
  learner: LEARNER_LIVE_CLASS_PATHS,
};

/**
 * spec 3 §3 "Survey": a question-only owner. Its one test (type `survey`, unscored) holds the
 * questions; a learner's answer is one attempt (routes/surveys). spec 1 §6.2 `surveys` opens and
 * changes it: the catalogue has no separate manage item for surveys.
 */
export const SURVEY_OWNER: QuestionOwnerKind = {
  kind: 'survey',
  ownerTable: 'surveys',
  tablePrefix: 'survey',
  admin: { title: ADMIN_RESOURCES.surveys.title, manage: 'surveys', refusal: 'You do not have permission to change surveys' },
};

/**
 * spec 3 §3 "Drill": questions with alternatives on the drill's one test; a learner's drill day is
 * one attempt of it (routes/drills/). The `drills` module item opens and changes drills (spec 3 §6).
 */
export const DRILL_OWNER: QuestionOwnerKind = {
  kind: 'drill',
  ownerTable: 'drills',
  tablePrefix: 'drill',
  admin: { title: ADMIN_RESOURCES.drills.title, manage: 'drills', refusal: 'You do not have permission to change drills' },
};

/**
 * spec 3 §3 "General test (assessment)": questions with alternatives and a bank on the general
 * test's one test, taken through the shared test engine (timed block / timed restart).
 */
export const GENERAL_TEST_OWNER: TestEngineOwner = {
  kind: 'general_test',
  ownerTable: 'general_tests',
  tablePrefix: 'general_test',
  admin: { title: ADMIN_RESOURCES.general_tests.title, manage: 'general_tests', refusal: 'You do not have permission to change general tests' },
  learner: LEARNER_GENERAL_TEST_PATHS,
};

/**
 * spec 1 §6.2 presential_test_templates: a face-to-face test template, whose one test's questions
 * and alternatives an event's test is made from (a copy: the event's test is then its own).
 */
export const PRESENTIAL_TEST_TEMPLATE_OWNER: QuestionOwnerKind = {
  kind: 'presential_test_template',
  ownerTable: 'presential_test_templates',
  tablePrefix: 'presential_test_template',
  admin: {
    title: ADMIN_RESOURCES.presential_test_templates.title, manage: 'presential_test_templates', refusal: 'You do not have permission to change test templates',
  },
};

/**
 * spec 3 §1 "Face-to-face": each event has reaction evaluations, tests (online or applied by QR
 * code), materials and comments of origin presential — moderated (spec 3 §7 "Moderation … is
 * defined for news, podcast and presential"). Opened by the appointments title (any of
 * request_events, approve_events, finish_events); changed with presential_edit_evaluations.
 */
export const PRESENTIAL_EVENT_OWNER: OwnerKind = {
  kind: 'presential_event',
  ownerTable: 'presential_events',
  tablePrefix: 'presential_event',
  wirePrefix: 'presential_event',
  commentOrigin: 'presential',
  admin: { title: ADMIN_RESOURCES.presential_appointments.title, manage: 'presential_edit_evaluations', refusal: 'You do not have permission to change the evaluations of face-to-face events' },
  tests: PRESENTIAL_EVENT_TESTS,
  evaluations: {
    paths: PRESENTIAL_EVENT_EVALUATION_PATHS,
    questionTypeField: PRESENTIAL_EVENT_EVALUATION_QUESTION_TYPE_FIELD,
    fromBaseField: PRESENTIAL_EVENT_BASE_EVALUATION_FIELD,
    questionTypesPath: PRESENTIAL_PATHS.evaluationQuestionTypes,
  },
  materials: { ...PRESENTIAL_EVENT_MATERIAL_PATHS, uploadKind: PRESENTIAL_EVENT_MATERIAL_UPLOAD_KIND, folder: (id) => `presential_events/${id}/materials` },
  learner: LEARNER_PRESENTIAL_PATHS,
};
