import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, literalUnion } from './common.ts';
import { LEARNER_FAVORITE_FILTERS, LEARNER_PROGRESS_FILTERS } from './learnerPaths.ts';
import { CalendarItem } from './calendar.ts';
import { HomeBlockName } from './homeLayout.ts';
import { TrailItemKindSchema } from './trails.ts';
import { MAX_MEDIA_SECONDS, MAX_REPORTED_RANGES } from '../learning/completion.ts';

/**
 * The learner side's calls. Spec 2 §7.6 leaves them "not shown": they are designed in
 * the style of the admin contract (lists answer `{count, results}` with page / page_size, forms
 * and JSON as the admin does) and documented in docs/api.md. The server is the authority for
 * every rule: audience, availability, prerequisites, attempts, time, completion.
 */
export { LEARNER_FAVORITE_FILTERS, LEARNER_PATHS, LEARNER_PROGRESS_FILTERS, PREVIEW_GRANT_HEADER, type LearnerProgressFilter } from './learnerPaths.ts';

export const CatalogueQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  progress: Type.Optional(literalUnion(LEARNER_PROGRESS_FILTERS)),
  favorite: Type.Optional(literalUnion(LEARNER_FAVORITE_FILTERS)),
  /** comma-separated ids */
  selected_areas: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  selected_groups: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type CatalogueQuery = Static<typeof CatalogueQuery>;

/** spec 2 §4.7: the learner's state in a training or trail. */
export const LearnerStatus = Type.Union([
  Type.Literal('not_started'), Type.Literal('ongoing'), Type.Literal('finished'), Type.Literal('blocked'), Type.Literal('expired'),
]);
export type LearnerStatus = Static<typeof LearnerStatus>;

export const Reactions = Type.Object({
  favorite: Type.Boolean(),
  liked: Type.Boolean(),
  likes: Type.Integer(),
  /** average of the stars given, 0 when nobody rated */
  stars_avg: Type.Number(),
  stars_count: Type.Integer(),
  my_stars: Type.Union([Type.Integer({ minimum: 0, maximum: 5 }), Type.Null()]),
});
export type Reactions = Static<typeof Reactions>;

export const CertificateSummary = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('valid'), Type.Literal('expired')]),
  earned_in: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});

/** One card of the catalogue (courses). */
export const LearnerTrainingCard = Type.Composite([Reactions, Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  image_alt_text: Type.Union([Type.String(), Type.Null()]),
  workload: Type.Number(),
  score: Type.Number(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** the user is in its mandatory areas / profiles (clients with training subscription) */
  is_mandatory: Type.Boolean(),
  is_open: Type.Boolean(),
  status: LearnerStatus,
  /** share of the published activities done, 0–100 */
  percent: Type.Integer(),
  qty_activities: Type.Integer(),
  certificate: Type.Union([CertificateSummary, Type.Null()]),
})]);
export type LearnerTrainingCard = Static<typeof LearnerTrainingCard>;

export const LearnerTrainingPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerTrainingCard) });
export type LearnerTrainingPage = Static<typeof LearnerTrainingPage>;

/** Why an activity cannot be opened yet (the server decides; the portal says it). */
export const LockReasonSchema = Type.Union([
  Type.Literal('prerequisite'), Type.Literal('not_yet_available'), Type.Literal('blocked'),
]);

export const ModuleKind = Type.Union([
  Type.Literal('video'), Type.Literal('audio'), Type.Literal('pdf'), Type.Literal('scorm'), Type.Literal('html'),
  Type.Literal('powerpoint'), Type.Literal('file'), Type.Literal('youtube'), Type.Literal('vimeo'), Type.Literal('slideshare'),
]);
export type ModuleKind = Static<typeof ModuleKind>;

export const LearnerModule = Type.Object({
  kind: ModuleKind,
  /** file types: the stored file (HTML and SCORM: the package's entry file); HLS when it ends in .m3u8 */
  resource_url: Type.Union([Type.String(), Type.Null()]),
  /** embed types: the player URL to frame (https) */
  embed_url: Type.Union([Type.String(), Type.Null()]),
  scorm_version: Type.Union([Type.Literal('1.2'), Type.Literal('2004'), Type.Null()]),
  percent: Type.Integer(),
  position_seconds: Type.Number(),
});

export const LearnerTest = Type.Object({
  /** group_training_test_types slug: conventional, block, restart, timed_block_general, … */
  test_type: Type.String(),
  timed: Type.Boolean(),
  /** questions drawn per attempt */
  qty_questions: Type.Integer(),
  maximum_attempts: Type.Union([Type.Integer(), Type.Null()]),
  attempts_used: Type.Integer(),
  /** HH:mm:ss or null */
  time_to_answer: Type.Union([Type.String(), Type.Null()]),
  minimum_score: Type.Union([Type.Integer(), Type.Null()]),
  best_correct: Type.Union([Type.Integer(), Type.Null()]),
  passed: Type.Boolean(),
  /** an attempt in progress to resume */
  open_attempt_id: Type.Union([Type.Integer(), Type.Null()]),
});

/** An activity of the training, in hierarchy order (spec 2 §3.7, §5.8). */
export const LearnerActivity = Type.Object({
  type: Type.Union([Type.Literal('module'), Type.Literal('test'), Type.Literal('game')]),
  id: Type.Integer(),
  title: Type.String(),
  order: Type.Integer(),
  available: Type.Boolean(),
  lock_reason: Type.Union([LockReasonSchema, Type.Null()]),
  /** YYYY-MM-DD */
  available_in: Type.Union([Type.String(), Type.Null()]),
  prerequisite: Type.Union([Type.Object({ type: Type.String(), id: Type.Integer(), title: Type.String() }), Type.Null()]),
  status: Type.Union([Type.Literal('not_started'), Type.Literal('ongoing'), Type.Literal('finished'), Type.Literal('failed')]),
  module: Type.Union([LearnerModule, Type.Null()]),
  test: Type.Union([LearnerTest, Type.Null()]),
});
export type LearnerActivity = Static<typeof LearnerActivity>;

export const LearnerEvaluation = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  questions: Type.Array(Type.Object({
    id: Type.Integer(), title: Type.String(),
    type: Type.Union([Type.Literal('grade_0_10'), Type.Literal('stars'), Type.Literal('text')]),
  })),
  answered: Type.Boolean(),
});

/** GET /group_trainings/{id}/ — detail and player data. */
export const LearnerTraining = Type.Composite([LearnerTrainingCard, Type.Object({
  description: Type.String(),
  activities: Type.Array(LearnerActivity),
  materials: Type.Array(Type.Object({
    id: Type.Integer(), title: Type.String(), extension: Type.Union([Type.String(), Type.Null()]),
    size: Type.Union([Type.Number(), Type.Null()]), resource_url: Type.String(),
  })),
  /** the reaction evaluation, offered once the training is finished (spec 2 §2.1) */
  evaluation: Type.Union([LearnerEvaluation, Type.Null()]),
  comments_enabled: Type.Boolean(),
  /** finished and not yet commented (spec 2 §4.10) */
  can_comment: Type.Boolean(),
  forum_enabled: Type.Boolean(),
  completed_at: Type.Union([Type.String(), Type.Null()]),
})]);
export type LearnerTraining = Static<typeof LearnerTraining>;

export const FavoriteBody = Type.Object({ favorite: Type.Boolean() });
export const LikeBody = Type.Object({ liked: Type.Boolean() });
export const RateBody = Type.Object({ stars: Type.Integer({ minimum: 0, maximum: 5 }) });

/**
 * POST …/modules/{m}/progress/: one event of the module's player (the rules: shared
 * learning/completion.ts). `opened` when its content is shown loaded; media report the ranges they
 * played (union, seconds) with their duration and position; a PDF the page shown; an HTML package,
 * an embed or a file that it is done — by the package's word, the minimum time shown, a download.
 */
const Seconds = Type.Number({ minimum: 0, maximum: MAX_MEDIA_SECONDS });
export const ModuleProgressBody = Type.Union([
  Type.Object({ event: Type.Literal('opened') }),
  Type.Object({
    event: Type.Literal('played'),
    played: Type.Array(Type.Tuple([Seconds, Seconds]), { maxItems: MAX_REPORTED_RANGES }),
    duration: Type.Number({ exclusiveMinimum: 0, maximum: MAX_MEDIA_SECONDS }),
    position_seconds: Seconds,
  }),
  Type.Object({ event: Type.Literal('page'), page: Type.Integer({ minimum: 1, maximum: 100_000 }), pages: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
  Type.Object({ event: Type.Literal('completed'), by: Type.Union([Type.Literal('package'), Type.Literal('time'), Type.Literal('download')]) }),
]);
export type ModuleProgressBody = Static<typeof ModuleProgressBody>;
export const ModuleProgressAnswer = Type.Object({
  status: Type.Union([Type.Literal('ongoing'), Type.Literal('finished')]),
  percent: Type.Integer(),
  position_seconds: Type.Number(),
  training_status: LearnerStatus,
});
export type ModuleProgressAnswer = Static<typeof ModuleProgressAnswer>;

/** GET/PUT …/modules/{m}/scorm/: the CMI data model as scorm-again renders it. */
export const ScormState = Type.Object({
  version: Type.Union([Type.Literal('1.2'), Type.Literal('2004')]),
  launch_url: Type.String(),
  cmi: Type.Record(Type.String(), Type.Unknown()),
});
export type ScormState = Static<typeof ScormState>;
export const ScormCommit = Type.Object({ cmi: Type.Record(Type.String(), Type.Unknown()) });

/** A test attempt as the learner sees it: the questions drawn for it, in its order (spec 2 §4.8). */
export const AttemptQuestion = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  answers: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  answer_id: Type.Union([Type.Integer(), Type.Null()]),
  /** timed types: the answer is final */
  confirmed: Type.Boolean(),
});
export const Attempt = Type.Object({
  id: Type.Integer(),
  attempt_number: Type.Integer(),
  status: Type.Union([Type.Literal('in_progress'), Type.Literal('finished'), Type.Literal('expired')]),
  timed: Type.Boolean(),
  /** timed types show one question at a time */
  one_at_a_time: Type.Boolean(),
  started_at: Type.String(),
  deadline_at: Type.Union([Type.String(), Type.Null()]),
  /** the server's clock, so the countdown does not trust the device's */
  server_now: Type.String(),
  questions: Type.Array(AttemptQuestion),
  result: Type.Union([Type.Object({
    correct_count: Type.Integer(),
    total_questions: Type.Integer(),
    score: Type.Number(),
    passed: Type.Boolean(),
    /** what failing did (spec 2 §4.8) */
    consequence: Type.Union([Type.Literal('none'), Type.Literal('blocked'), Type.Literal('restarted')]),
    attempts_left: Type.Union([Type.Integer(), Type.Null()]),
  }), Type.Null()]),
});
export type Attempt = Static<typeof Attempt>;
export const AnswerBody = Type.Object({
  answer_id: Type.Integer({ minimum: 1 }),
  /** timed types: confirming makes the answer final */
  confirm: Type.Optional(Type.Boolean()),
});

export const EvaluationAnswersBody = Type.Object({
  answers: Type.Array(Type.Object({
    question_id: Type.Integer({ minimum: 1 }),
    grade: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    stars: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    text: Type.Optional(Type.String({ maxLength: 2000 })),
  }), { maxItems: 100 }),
});

export const LearnerComment = Type.Object({
  id: Type.Integer(),
  author: Type.String(),
  stars: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.String(),
  created_at: Type.String(),
  mine: Type.Boolean(),
});
export type LearnerComment = Static<typeof LearnerComment>;
export const LearnerCommentPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerComment) });
export type LearnerCommentPage = Static<typeof LearnerCommentPage>;
export const CommentBody = Type.Object({
  comment: Type.String({ minLength: 1, maxLength: 2000 }),
  stars: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
});

/** Trails (spec 2 §2.1, §3.8): cards and the detail with ordered items. */
export const LearnerTrailCard = Type.Composite([Reactions, Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  status: LearnerStatus,
  percent: Type.Integer(),
  /** spec 2 §3.8: trainings among the modules the learner meets */
  training_quantity: Type.Integer(),
  /** the modules the learner meets, of every kind (spec 2 §2.4) */
  qty_items: Type.Integer(),
  is_mandatory: Type.Boolean(),
  certificate: Type.Union([CertificateSummary, Type.Null()]),
})]);
export type LearnerTrailCard = Static<typeof LearnerTrailCard>;
export const LearnerTrailPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerTrailCard) });

export const LearnerTrail = Type.Composite([LearnerTrailCard, Type.Object({
  description: Type.String(),
  /**
   * The modules in order, of every kind (spec 2 §2.4); `id` is the content's own id. A module is
   * `done` by the rule of its kind (shared/src/trails.ts TRAIL_ITEM_KINDS); locks (prerequisite,
   * available-in day) apply to every kind alike.
   */
  items: Type.Array(Type.Object({
    kind: TrailItemKindSchema,
    id: Type.Integer(),
    title: Type.String(),
    order: Type.Integer(),
    available: Type.Boolean(),
    lock_reason: Type.Union([LockReasonSchema, Type.Null()]),
    available_in: Type.Union([Type.String(), Type.Null()]),
    /** the prerequisite module: its kind and id */
    prerequisite_kind: Type.Union([TrailItemKindSchema, Type.Null()]),
    prerequisite_id: Type.Union([Type.Integer(), Type.Null()]),
    status: LearnerStatus,
    percent: Type.Integer(),
    done: Type.Boolean(),
  })),
  can_comment: Type.Boolean(),
})]);
export type LearnerTrail = Static<typeof LearnerTrail>;

/** The profile's certificates tab (spec 1 §2.2, spec 2 §3.9), newest first, paged ("load more"). */
export const LearnerCertificate = Type.Object({
  id: Type.Integer(),
  content_type: Type.Union([Type.Literal('training'), Type.Literal('trail'), Type.Literal('live_class'), Type.Literal('presential')]),
  content_id: Type.Integer(),
  title: Type.String(),
  earned_in: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('valid'), Type.Literal('expired')]),
  percentage: Type.Number(),
  workload: Type.Number(),
  pdf_url: Type.String(),
  verify_url: Type.String(),
});
export type LearnerCertificate = Static<typeof LearnerCertificate>;
export const LearnerCertificatePage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerCertificate) });

/** GET /certificates/verify/{code}/ — public. */
export const CertificateVerification = Type.Object({
  valid: Type.Boolean(),
  status: Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('superseded')]),
  holder_name: Type.String(),
  title: Type.String(),
  workload: Type.Number(),
  earned_in: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  client_name: Type.String(),
});
export type CertificateVerification = Static<typeof CertificateVerification>;

/**
 * GET /home/ — the dashboard (spec 1 §2.2). `blocks` are the client's shown blocks in their order
 * (spec 1 §2.3 admin `home`, shared/src/homeLayout.ts); the data of a hidden block is not computed
 * and its fields are absent (ranking, points statement and timeline have their own calls).
 */
export const HomeDashboard = Type.Object({
  blocks: Type.Array(HomeBlockName),
  /** what to do next: started first, then mandatory, then newest */
  next_steps: Type.Optional(Type.Array(LearnerTrainingCard)),
  /** issue 20: the open surveys not answered yet (mandatory first), shown before the next trainings */
  open_surveys: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), mandatory: Type.Boolean() }))),
  /** issue 20: drills with questions to answer today */
  todays_drills: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() }))),
  /** issue 20: general tests the learner may take (not started, or restarted) */
  open_general_tests: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() }))),
  pending_trainings: Type.Optional(Type.Array(LearnerTrainingCard)),
  finished_trainings: Type.Optional(Type.Array(LearnerTrainingCard)),
  pending_trails: Type.Optional(Type.Array(LearnerTrailCard)),
  finished_trails: Type.Optional(Type.Array(LearnerTrailCard)),
  /**
   * spec 1 §2.2 / spec 3 §2 home "schedule": the learner's next calendar items (the calendar's
   * own, shared/src/engagement/calendar.ts `upcomingSchedule`) — live classes they take part in,
   * teach, or may join (open ones of their audience), webcasts, activities opening.
   */
  schedule: Type.Optional(Type.Array(CalendarItem)),
  my_score: Type.Optional(Type.Object({ points: Type.Integer(), position: Type.Union([Type.Integer(), Type.Null()]) })),
  statistics: Type.Optional(Type.Object({
    trainings_finished: Type.Integer(),
    trainings_ongoing: Type.Integer(),
    certificates: Type.Integer(),
    hours: Type.Number(),
  })),
});
export type HomeDashboard = Static<typeof HomeDashboard>;

export const PointsEntry = Type.Object({
  id: Type.Integer(), points: Type.Integer(), reason: Type.String(), title: Type.String(), created_at: Type.String(),
});
export const PointsStatement = Type.Object({ count: Type.Integer(), total: Type.Integer(), results: Type.Array(PointsEntry) });
export const RankingEntry = Type.Object({ position: Type.Integer(), user_id: Type.Integer(), name: Type.String(), points: Type.Integer(), me: Type.Boolean() });
export const Ranking = Type.Object({ results: Type.Array(RankingEntry), me: Type.Union([RankingEntry, Type.Null()]) });
export type Ranking = Static<typeof Ranking>;
