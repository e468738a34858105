import { Type, type Static } from '@sinclair/typebox';
import { SURVEY_QUESTION_TYPES, SURVEY_TYPES } from '../surveys.ts';
import { literalUnion } from './common.ts';
import { SURVEYS_PATH } from './collections.ts';

/**
 * Surveys (spec 3 §2 "Surveys…", §3 "Survey", §4, §5 "Surveys", §8; spec 1 §2.3 admin `surveys`,
 * §3.1 has_mandatory_surveys, §3.8 survey_types and survey_question_types). The spec shows no call
 * of this module (spec 3 §7), so the paths follow the other modules' shapes under admin_surveys.
 * The rules are in shared/src/surveys.ts.
 */
type Id = number | string;
const ADMIN = '/admin_surveys/';

export const SURVEY_PATHS = {
  collection: SURVEYS_PATH,
  item: (id: Id) => `${SURVEYS_PATH}${id}/`,
  questions: (id: Id) => `${SURVEYS_PATH}${id}/questions/`,
  question: (id: Id, questionId: Id) => `${SURVEYS_PATH}${id}/questions/${questionId}/`,
  /** GET → SurveyAnswersSummary: per question, how many chose each option, and the texts */
  answers: (id: Id) => `${SURVEYS_PATH}${id}/answers/`,
  /** POST SurveyReportRequest → 202 ReportAccepted: the answers as xlsx, e-mailed (reports registry) */
  report: `${SURVEYS_PATH}report/`,
  surveyTypes: `${ADMIN}survey_types/`,
  questionTypes: `${ADMIN}survey_question_types/`,
} as const;

export const LEARNER_SURVEY_PATHS = {
  surveys: '/surveys/',
  survey: (id: Id) => `/surveys/${id}/`,
  /** PUT SurveyAnswersInput: keeps a half-filled survey (a draft) */
  draft: (id: Id) => `/surveys/${id}/draft/`,
  /** POST SurveyAnswersInput: the answer, once */
  submit: (id: Id) => `/surveys/${id}/submit/`,
} as const;

const SurveyTypeSchema = literalUnion(SURVEY_TYPES);
const QuestionTypeSchema = literalUnion(SURVEY_QUESTION_TYPES);
const Day = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 10 });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

export const Survey = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  survey_type: SurveyTypeSchema,
  start_date: Type.String(),
  end_date: Type.Union([Type.String(), Type.Null()]),
  show_feedback: Type.Boolean(),
  score: Type.Union([Type.Integer(), Type.Null()]),
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  /** users responsible for the survey (spec 3 §3 owners) */
  owners: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  qty_questions: Type.Integer(),
  qty_answers: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Survey = Static<typeof Survey>;

export const SurveyListItem = Type.Pick(Survey, ['id', 'title', 'survey_type', 'start_date', 'end_date', 'status', 'qty_questions', 'qty_answers', 'created_at']);
export type SurveyListItem = Static<typeof SurveyListItem>;

export const SurveyInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  survey_type: Type.Optional(Type.String({ maxLength: 40 })),
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  show_feedback: Type.Optional(Type.Boolean()),
  score: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  status: Type.Optional(Type.Integer()),
  owners: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type SurveyInput = Static<typeof SurveyInput>;

export const SurveyOption = Type.Object({ id: Type.Integer(), title: Type.String() });
export type SurveyOption = Static<typeof SurveyOption>;

export const SurveyQuestion = Type.Object({
  id: Type.Integer(),
  /** HTML */
  title: Type.String(),
  question_type: QuestionTypeSchema,
  is_mandatory: Type.Boolean(),
  position: Type.Integer(),
  options: Type.Array(SurveyOption),
});
export type SurveyQuestion = Static<typeof SurveyQuestion>;

export const SurveyQuestionInput = Type.Object({
  title: Type.String({ maxLength: 20_000 }),
  question_type: Type.String({ maxLength: 40 }),
  is_mandatory: Type.Optional(Type.Boolean()),
  /** an option with an id keeps its id (the answers point at it) */
  options: Type.Array(Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })), title: Type.String({ maxLength: 5000 }) }), { maxItems: 50 }),
});
export type SurveyQuestionInput = Static<typeof SurveyQuestionInput>;

export const SurveyTypeOption = Type.Object({ id: Type.Integer(), slug: SurveyTypeSchema });
export const SurveyQuestionTypeOption = Type.Object({ id: Type.Integer(), slug: QuestionTypeSchema });

/** The admin's view of the answers (spec 3 §2 "a view of user answers"), one entry per question. */
export const SurveyQuestionSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  question_type: QuestionTypeSchema,
  options: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), count: Type.Integer() })),
  /** the texts written (justifications, dissertative answers), newest first, at most 200 */
  texts: Type.Array(Type.Object({ user_name: Type.String(), text: Type.String() })),
});
export const SurveyAnswersSummary = Type.Object({
  survey_id: Type.Integer(),
  respondents: Type.Integer(),
  questions: Type.Array(SurveyQuestionSummary),
});
export type SurveyAnswersSummary = Static<typeof SurveyAnswersSummary>;

export const SurveyReportRequest = Type.Object({ survey_id: Type.Integer({ minimum: 1 }) });
export type SurveyReportRequest = Static<typeof SurveyReportRequest>;

// ---- learner ----

export const SurveyAnswer = Type.Object({
  question_id: Type.Integer({ minimum: 1 }),
  answer_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 }),
  answer_text: Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()]),
});
export type SurveyAnswer = Static<typeof SurveyAnswer>;

export const SurveyAnswersInput = Type.Object({ answers: Type.Array(SurveyAnswer, { maxItems: 500 }) });
export type SurveyAnswersInput = Static<typeof SurveyAnswersInput>;

export const LearnerSurveyCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  mandatory: Type.Boolean(),
  start_date: Type.String(),
  end_date: Type.Union([Type.String(), Type.Null()]),
  /** open: not yet answered (a draft may exist); answered */
  answered: Type.Boolean(),
  has_draft: Type.Boolean(),
  qty_questions: Type.Integer(),
});
export type LearnerSurveyCard = Static<typeof LearnerSurveyCard>;

export const LearnerSurvey = Type.Object({
  ...LearnerSurveyCard.properties,
  description: Type.String(),
  show_feedback: Type.Boolean(),
  questions: Type.Array(Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    question_type: QuestionTypeSchema,
    is_mandatory: Type.Boolean(),
    options: Type.Array(SurveyOption),
  })),
  /** the draft, or the answer once submitted */
  answers: Type.Array(SurveyAnswer),
  /** show_feedback and answered: how everyone answered so far (option id → count) */
  feedback: Type.Union([Type.Array(Type.Object({ question_id: Type.Integer(), counts: Type.Record(Type.String(), Type.Integer()) })), Type.Null()]),
});
export type LearnerSurvey = Static<typeof LearnerSurvey>;

export const SurveySubmitted = Type.Object({ answered: Type.Literal(true), score: Type.Integer() });
export type SurveySubmitted = Static<typeof SurveySubmitted>;
