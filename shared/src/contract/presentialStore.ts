import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from './common.ts';
import { APPOINTMENT_STATUSES, ENROLLMENT_STATUSES } from '../presential/lists.ts';
import { PRESENCE_VALUES, TRAINING_RESULTS } from '../presential/results.ts';

/**
 * The store manager's face-to-face views (spec 1 §6.2 "Catalog and vacancies": store_catalog,
 * store_manager_seats(+_trainees), store_planned(+_evaluation), store_day_scheduled(+_evaluation);
 * spec 3 §2 "store catalog", "store manager vacancies"). Read-only, and always scoped to the store
 * the caller manages: their main branch (users.branch_id) when they are marked store manager. A
 * caller who manages no store reads empty lists, and `store` says why.
 */
const STORE = '/admin_presential/store/';

export const PRESENTIAL_STORE_PATHS = {
  /** GET → ManagedStore: the store the caller manages, or null */
  store: STORE,
  /** GET StoreCatalogQuery → list of StoreCatalogItem (store_catalog) */
  catalog: `${STORE}catalog/`,
  /** GET → list of StoreSeat; trainees with store_manager_seats_trainees (store_manager_seats) */
  seats: `${STORE}seats/`,
  /** GET → list of StorePlannedAppointment; results with store_planned_evaluation (store_planned) */
  planned: `${STORE}planned/`,
  /** GET → list of StoreScheduledDay; results with store_day_scheduled_evaluation (store_day_scheduled) */
  scheduled: `${STORE}scheduled/`,
} as const;

export const ManagedStore = Type.Object({
  /** null: the caller is not the store manager of a store of this client */
  store: Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), name: Type.String() })]),
});
export type ManagedStore = Static<typeof ManagedStore>;

/** The catalog's quarter: 'quarter/year', this quarter when absent. */
export const StoreCatalogQuery = Type.Composite([ListQuery, Type.Object({ quarter: Type.Optional(Type.String({ maxLength: 16 })) })]);
export type StoreCatalogQuery = Static<typeof StoreCatalogQuery>;

/** One course of the catalog with the store's plan for the quarter (null counts: no plan). */
export const StoreCatalogItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  quarter: Type.String(),
  planned: Type.Union([Type.Null(), Type.Integer()]),
  filled: Type.Union([Type.Null(), Type.Integer()]),
  available: Type.Union([Type.Null(), Type.Integer()]),
});
export type StoreCatalogItem = Static<typeof StoreCatalogItem>;

/** A person of the store in a training, with their result only under an *_evaluation key. */
export const StoreTrainee = Type.Object({
  enrollment_id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  status: literalUnion(ENROLLMENT_STATUSES),
  event_date: Type.String(),
  presence: Type.Optional(Type.Union([Type.Null(), literalUnion(PRESENCE_VALUES)])),
  result: Type.Optional(Type.Union([Type.Null(), literalUnion(TRAINING_RESULTS)])),
  score: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
});
export type StoreTrainee = Static<typeof StoreTrainee>;

/** The store's plan of a course and quarter (spec 3 §3 "Planned vacancy"); trainees only with store_manager_seats_trainees. */
export const StoreSeat = Type.Object({
  id: Type.Integer(),
  course_id: Type.Integer(),
  course_code: Type.String(),
  course_name: Type.String(),
  quarter: Type.String(),
  total: Type.Integer(),
  planned: Type.Integer(),
  filled: Type.Integer(),
  available: Type.Integer(),
  canceled: Type.Integer(),
  trainees: Type.Optional(Type.Array(StoreTrainee)),
});
export type StoreSeat = Static<typeof StoreSeat>;

/** An approved or in-progress appointment of a course the store has plans for, with the store's people in it. */
export const StorePlannedAppointment = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  course_code: Type.String(),
  status: literalUnion(APPOINTMENT_STATUSES),
  /** its first active event day, null before any */
  first_date: Type.Union([Type.Null(), Type.String()]),
  trainees: Type.Array(StoreTrainee),
});
export type StorePlannedAppointment = Static<typeof StorePlannedAppointment>;

/** One event day of a person of the store (an active enrollment); presence/result/score only with store_day_scheduled_evaluation. */
export const StoreScheduledDay = Type.Object({
  id: Type.Integer(),
  appointment_id: Type.Integer(),
  appointment_title: Type.String(),
  event_title: Type.String(),
  date: Type.String(),
  start_hour: Type.String(),
  end_hour: Type.String(),
  location_name: Type.String(),
  status: literalUnion(ENROLLMENT_STATUSES),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
  presence: Type.Optional(Type.Union([Type.Null(), literalUnion(PRESENCE_VALUES)])),
  result: Type.Optional(Type.Union([Type.Null(), literalUnion(TRAINING_RESULTS)])),
  score: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
});
export type StoreScheduledDay = Static<typeof StoreScheduledDay>;
