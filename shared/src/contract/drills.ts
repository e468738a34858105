import { Type, type Static } from '@sinclair/typebox';
import { DRILL_DATE_TYPES } from '../drills.ts';
import { literalUnion } from './common.ts';
import { DRILLS_PATH } from './collections.ts';

/**
 * Drills, daily question series (spec 3 §2 "Drill list and editor, with results", §3 "Drill", §4,
 * §5 "Drills", §8, §9; spec 1 §2.3 admin `drills`, §4.3 drills import). The spec shows no call of
 * this module, so the paths follow the other modules' shapes under admin_drills. Rules in
 * shared/src/drills.ts.
 */
type Id = number | string;

export const DRILL_PATHS = {
  collection: DRILLS_PATH,
  item: (id: Id) => `${DRILLS_PATH}${id}/`,
  questions: (id: Id) => `${DRILLS_PATH}${id}/questions/`,
  question: (id: Id, questionId: Id) => `${DRILLS_PATH}${id}/questions/${questionId}/`,
  /** GET → DrillResult[]: each learner's standing */
  results: (id: Id) => `${DRILLS_PATH}${id}/results/`,
  /** POST DrillsReportRequest → 202 ReportAccepted: the results of the listed drills as xlsx, e-mailed (reports registry) */
  report: `${DRILLS_PATH}report/`,
} as const;

export const LEARNER_DRILL_PATHS = {
  drills: '/drills/',
  /** GET → LearnerDrillDay: today's questions (opens the current one and starts its timer) */
  today: (id: Id) => `/drills/${id}/today/`,
  /** POST DrillAnswerInput → DrillAnswered */
  answer: (id: Id) => `/drills/${id}/today/answer/`,
} as const;

const DateType = literalUnion(DRILL_DATE_TYPES);
const Day = Type.String({ maxLength: 10 });
const OptionalDay = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 10 });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
/** an input's integer or null: one JSON type list, so the request coercion keeps null as null (an anyOf would make it 0) */
const IntOrNull = Type.Unsafe<number | null>({ type: ['integer', 'null'] });

export const Drill = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  start_date: Day,
  end_date: Day,
  date_type: DateType,
  /** 0 Sunday … 6 Saturday */
  weekdays: Type.Array(Type.Integer()),
  days_of_the_month: Type.Array(Type.Integer()),
  start_month: NullableInt,
  end_month: NullableInt,
  custom_dates: Type.Array(Day),
  /** correct answers over the whole drill to be approved */
  minimum_score: Type.Integer(),
  /** questions per drill day */
  qty_questions_frequency: Type.Integer(),
  /** seconds per question; null = no limit */
  time_to_answer: NullableInt,
  allow_approved_to_answer: Type.Boolean(),
  show_feedback: Type.Boolean(),
  randomize_answers: Type.Boolean(),
  /** points when approved */
  score: NullableInt,
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  qty_questions: Type.Integer(),
  /** the drill days of its schedule */
  qty_dates: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Drill = Static<typeof Drill>;

export const DrillListItem = Type.Pick(Drill, ['id', 'title', 'start_date', 'end_date', 'date_type', 'status', 'qty_questions', 'created_at']);
export type DrillListItem = Static<typeof DrillListItem>;

export const DrillInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  start_date: Type.Optional(OptionalDay),
  end_date: Type.Optional(OptionalDay),
  date_type: Type.Optional(Type.String({ maxLength: 40 })),
  weekdays: Type.Optional(Type.Array(Type.Integer(), { maxItems: 7 })),
  days_of_the_month: Type.Optional(Type.Array(Type.Integer(), { maxItems: 31 })),
  start_month: Type.Optional(IntOrNull),
  end_month: Type.Optional(IntOrNull),
  custom_dates: Type.Optional(Type.Array(Type.String({ maxLength: 10 }), { maxItems: 400 })),
  minimum_score: Type.Optional(IntOrNull),
  qty_questions_frequency: Type.Optional(IntOrNull),
  time_to_answer: Type.Optional(IntOrNull),
  allow_approved_to_answer: Type.Optional(Type.Boolean()),
  show_feedback: Type.Optional(Type.Boolean()),
  randomize_answers: Type.Optional(Type.Boolean()),
  score: Type.Optional(IntOrNull),
  status: Type.Optional(Type.Integer()),
});
export type DrillInput = Static<typeof DrillInput>;

/** The drills list's filters (search on the title, status). */
export const DrillsReportRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })), status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
}, { additionalProperties: false });
export type DrillsReportRequest = Static<typeof DrillsReportRequest>;

/** spec 3 §2 "with results": one row per learner who answered. */
export const DrillResult = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String(),
  /** drill days the learner finished */
  days_answered: Type.Integer(),
  answered: Type.Integer(),
  correct: Type.Integer(),
  approved: Type.Boolean(),
  last_answer_at: Type.Union([Type.String(), Type.Null()]),
});
export type DrillResult = Static<typeof DrillResult>;

// ---- learner ----

export const LearnerDrillCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  start_date: Day,
  end_date: Day,
  /** today is one of the drill's days */
  drill_day: Type.Boolean(),
  /** today's questions are all answered */
  done_today: Type.Boolean(),
  approved: Type.Boolean(),
  correct: Type.Integer(),
  minimum_score: Type.Integer(),
  qty_questions_frequency: Type.Integer(),
  time_to_answer: NullableInt,
});
export type LearnerDrillCard = Static<typeof LearnerDrillCard>;

const Option = Type.Object({ id: Type.Integer(), title: Type.String() });

export const LearnerDrillQuestion = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  answers: Type.Array(Option),
  answer_id: NullableInt,
  /** the time ran out before an answer */
  timed_out: Type.Boolean(),
  /** show_feedback: whether the answer was right, and the right alternative */
  correct: Type.Union([Type.Boolean(), Type.Null()]),
  correct_answer_id: NullableInt,
});
export type LearnerDrillQuestion = Static<typeof LearnerDrillQuestion>;

export const LearnerDrillDay = Type.Object({
  ...LearnerDrillCard.properties,
  description: Type.String(),
  show_feedback: Type.Boolean(),
  date: Day,
  /** today's questions answered so far (and timed out) */
  answered: Type.Array(LearnerDrillQuestion),
  /** the question to answer now; its timer runs from when it was first shown */
  current: Type.Union([Type.Object({
    id: Type.Integer(), position: Type.Integer(), title: Type.String(), answers: Type.Array(Option),
    /** null: no limit */
    deadline_at: Type.Union([Type.String(), Type.Null()]),
  }), Type.Null()]),
  total_today: Type.Integer(),
  server_now: Type.String(),
});
export type LearnerDrillDay = Static<typeof LearnerDrillDay>;

export const DrillAnswerInput = Type.Object({ question_id: Type.Integer({ minimum: 1 }), answer_id: Type.Integer({ minimum: 1 }) });
export type DrillAnswerInput = Static<typeof DrillAnswerInput>;

export const DrillAnswered = Type.Object({
  correct: Type.Union([Type.Boolean(), Type.Null()]),
  correct_answer_id: NullableInt,
  day: LearnerDrillDay,
});
export type DrillAnswered = Static<typeof DrillAnswered>;
