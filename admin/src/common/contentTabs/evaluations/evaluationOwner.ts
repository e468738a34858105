import {
  ADMIN_RESOURCES, LIVE_CLASS_BASE_EVALUATION_FIELD, PRESENTIAL_EVENT_BASE_EVALUATION_FIELD, PRESENTIAL_EVENT_EVALUATION_PATHS,
  PRESENTIAL_EVENT_EVALUATION_QUESTION_TYPE_FIELD, PRESENTIAL_PATHS, LIVE_CLASS_EVALUATION_PATHS, LIVE_CLASS_EVALUATION_QUESTION_TYPE_FIELD, LIVE_CLASS_PATHS,
  TRAINING_EVALUATION_PATHS, TRAINING_EVALUATION_QUESTION_TYPE_FIELD, TRAINING_PATHS, WEBCAST_BASE_EVALUATION_FIELD,
  WEBCAST_EVALUATION_PATHS, WEBCAST_EVALUATION_QUESTION_TYPE_FIELD, WEBCAST_PATHS,
} from '@lp/shared/contract';
import { nestedResource } from '../../nested/nestedResources.ts';

type Id = number | string;

/**
 * What the reaction-evaluation screens (spec 2 §2.3; the webcast's §2.5 "the same behaviour …
 * with webcast fields") need of the evaluations' owner: its paths, the wire names, and whether
 * the calls are forms (trainings, §7.1) or JSON (webcasts, §7.3).
 */
export interface EvaluationOwner {
  /** the nested resource of the owner's evaluations (`trainings/7/evaluations`) */
  resource(ownerId: Id): string;
  /** the nested resource of one evaluation's questions (`trainings/7/evaluations/41/questions`) */
  questionsResource(ownerId: Id, evaluationId: Id): string;
  paths: {
    collection(ownerId: Id): string;
    item(ownerId: Id, evaluationId: Id): string;
    fromBase(ownerId: Id): string;
    questions(ownerId: Id, evaluationId: Id): string;
    question(ownerId: Id, evaluationId: Id, questionId: Id): string;
    baseEvaluations: string;
    baseEvaluationQuestions(baseId: Id): string;
  };
  /** the evaluation question types lookup */
  questionTypes: string;
  /** group_training_evaluation_question_type / webcast_evaluation_question_type */
  questionTypeField: string;
  /** base_evaluation_id / webcast_base_evaluation_id */
  fromBaseField: string;
  body: 'form' | 'json';
  /** spec 2 §8: a failed delete is silent for trainings; a webcast's says 'error' */
  deleteErrorMessage: string | null;
}

export const TRAINING_EVALUATIONS: EvaluationOwner = {
  resource: (ownerId) => nestedResource(ADMIN_RESOURCES.trainings.name, ownerId, 'evaluations'),
  questionsResource: (ownerId, evaluationId) => nestedResource(ADMIN_RESOURCES.trainings.name, ownerId, 'evaluations', evaluationId, 'questions'),
  paths: TRAINING_EVALUATION_PATHS,
  questionTypes: TRAINING_PATHS.evaluationQuestionTypes,
  questionTypeField: TRAINING_EVALUATION_QUESTION_TYPE_FIELD,
  fromBaseField: 'base_evaluation_id',
  body: 'form',
  deleteErrorMessage: null,
};

export const WEBCAST_EVALUATIONS: EvaluationOwner = {
  resource: (ownerId) => nestedResource(ADMIN_RESOURCES.webcasts.name, ownerId, 'evaluations'),
  questionsResource: (ownerId, evaluationId) => nestedResource(ADMIN_RESOURCES.webcasts.name, ownerId, 'evaluations', evaluationId, 'questions'),
  paths: WEBCAST_EVALUATION_PATHS,
  questionTypes: WEBCAST_PATHS.evaluationQuestionTypes,
  questionTypeField: WEBCAST_EVALUATION_QUESTION_TYPE_FIELD,
  fromBaseField: WEBCAST_BASE_EVALUATION_FIELD,
  body: 'json',
  deleteErrorMessage: 'resources.trainings.evaluations.error',
};

/** spec 3 §2 "Live classes" reaction tests: the webcast's shapes (JSON bodies) under the live class's paths. */
export const LIVE_CLASS_EVALUATIONS: EvaluationOwner = {
  resource: (ownerId) => nestedResource(ADMIN_RESOURCES.live_classes.name, ownerId, 'evaluations'),
  questionsResource: (ownerId, evaluationId) => nestedResource(ADMIN_RESOURCES.live_classes.name, ownerId, 'evaluations', evaluationId, 'questions'),
  paths: LIVE_CLASS_EVALUATION_PATHS,
  questionTypes: LIVE_CLASS_PATHS.evaluationQuestionTypes,
  questionTypeField: LIVE_CLASS_EVALUATION_QUESTION_TYPE_FIELD,
  fromBaseField: LIVE_CLASS_BASE_EVALUATION_FIELD,
  body: 'json',
  deleteErrorMessage: 'resources.trainings.evaluations.error',
};

/**
 * spec 3 §2 the appointment screen's "Reaction evaluations" tab: each event of a face-to-face
 * training owns its evaluations through the owned-content core (JSON bodies, as a live class's).
 */
export const PRESENTIAL_EVENT_EVALUATIONS: EvaluationOwner = {
  resource: (eventId) => nestedResource('presential-events', eventId, 'evaluations'),
  questionsResource: (eventId, evaluationId) => nestedResource('presential-events', eventId, 'evaluations', evaluationId, 'questions'),
  paths: PRESENTIAL_EVENT_EVALUATION_PATHS,
  questionTypes: PRESENTIAL_PATHS.evaluationQuestionTypes,
  questionTypeField: PRESENTIAL_EVENT_EVALUATION_QUESTION_TYPE_FIELD,
  fromBaseField: PRESENTIAL_EVENT_BASE_EVALUATION_FIELD,
  body: 'json',
  deleteErrorMessage: 'resources.trainings.evaluations.error',
};
