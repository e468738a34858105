import { Type, type Static, type TInteger, type TOptional, type TString } from '@sinclair/typebox';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.5 reaction evaluations and §7.1 "Reaction evaluations" calls (form bodies).
 * P = /admin_group_trainings/group_trainings/{training_id}. The evaluation and question
 * shapes are built from the wire name of the question type so the webcast variant
 * (webcast_evaluation_question_type) reuses them.
 */
const BASE = '/admin_group_trainings/base_evaluations/';

type Id = number | string;

export const TRAINING_EVALUATION_PATHS = {
  collection: (trainingId: Id) => `${TRAININGS_PATH}${trainingId}/group_training_evaluations/`,
  item: (trainingId: Id, evaluationId: Id) => `${TRAININGS_PATH}${trainingId}/group_training_evaluations/${evaluationId}/`,
  /** POST form base_evaluation_id → {id} */
  fromBase: (trainingId: Id) => `${TRAININGS_PATH}${trainingId}/group_training_evaluations/create_evaluation_from_base/`,
  questions: (trainingId: Id, evaluationId: Id) =>
    `${TRAININGS_PATH}${trainingId}/group_training_evaluations/${evaluationId}/group_training_evaluation_questions/`,
  question: (trainingId: Id, evaluationId: Id, questionId: Id) =>
    `${TRAININGS_PATH}${trainingId}/group_training_evaluations/${evaluationId}/group_training_evaluation_questions/${questionId}/`,
  /** the models offered to the selected client (a reference list, whole, as a bare array) */
  baseEvaluations: BASE,
  baseEvaluationQuestions: (baseEvaluationId: Id) => `${BASE}${baseEvaluationId}/base_evaluation_questions/`,
} as const;

export const TRAINING_EVALUATION_QUESTION_TYPE_FIELD = 'group_training_evaluation_question_type';

/** spec 2 §7.1 list rows and GET …/{evalId}/: {id, title, qty_questions, status}. */
export const Evaluation = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  qty_questions: Type.Integer(),
  /** spec 2 §4.1/§4.3: 1 published, 2 unpublished (the default of a new one), 3 deleted */
  status: Type.Integer(),
});
export type Evaluation = Static<typeof Evaluation>;

/**
 * POST P/group_training_evaluations/ and PUT …/{evalId}/ form: title, status. The §5.6 rules
 * (shared/src/trainings/evaluations.ts) decide what is missing or too long, so the schema only
 * bounds the sizes; an omitted status means 2 on create and "unchanged" on update.
 */
export const EvaluationForm = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 4000 })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
});
export type EvaluationForm = Static<typeof EvaluationForm>;

/** The question shapes of one variant, named by the wire name of its type field. */
export function evaluationQuestionSchemas<F extends string>(typeField: F) {
  type QuestionProps = { id: TInteger; title: TString } & Record<F, TInteger>;
  type FormProps = { title: TOptional<TString> } & Record<F, TOptional<TInteger>>;
  const Question = Type.Object({ id: Type.Integer(), title: Type.String(), [typeField]: Type.Integer() } as QuestionProps);
  const QuestionForm = Type.Object({
    title: Type.Optional(Type.String({ maxLength: 4000 })),
    [typeField]: Type.Optional(Type.Integer({ minimum: 1 })),
  } as FormProps);
  return { Question, QuestionForm };
}

const trainingQuestion = evaluationQuestionSchemas(TRAINING_EVALUATION_QUESTION_TYPE_FIELD);
/** GET …/group_training_evaluation_questions/ rows and …/{qId}/: {id, title, group_training_evaluation_question_type}. */
export const EvaluationQuestion = trainingQuestion.Question;
export type EvaluationQuestion = Static<typeof EvaluationQuestion>;
/** POST / PUT question form: title, group_training_evaluation_question_type. */
export const EvaluationQuestionForm = trainingQuestion.QuestionForm;
export type EvaluationQuestionForm = Static<typeof EvaluationQuestionForm>;

/** POST P/group_training_evaluations/create_evaluation_from_base/ form. */
export const EvaluationFromBaseForm = Type.Object({
  base_evaluation_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type EvaluationFromBaseForm = Static<typeof EvaluationFromBaseForm>;

export const EvaluationCreated = Type.Object({ id: Type.Integer() });
export type EvaluationCreated = Static<typeof EvaluationCreated>;

/** A base evaluation (model) of the model dialog; value = id, like the other reference lists. */
export const BaseEvaluation = Type.Object({
  id: Type.Integer(),
  value: Type.Integer(),
  title: Type.String(),
  qty_questions: Type.Integer(),
});
export type BaseEvaluation = Static<typeof BaseEvaluation>;

/** GET /admin_group_trainings/base_evaluations/{id}/base_evaluation_questions/: {id, title, question_type}. */
export const BaseEvaluationQuestion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  question_type: Type.Integer(),
});
export type BaseEvaluationQuestion = Static<typeof BaseEvaluationQuestion>;
