import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { PRESENTIAL_APPOINTMENTS_PATH } from './collections.ts';
import { APPOINTMENT_IMPORT_TYPES } from './imports.ts';
import { PRESENCE_VALUES, PRESENTIAL_POINTS_CATEGORIES, TRAINING_RESULTS } from '../presential/results.ts';

/**
 * Face-to-face attendance, results, costs and printing (issue 17 items 1, 3, 4; spec 3 §2 "print
 * attendance list and print event results", "costs"; §3 "Guest / participant", "Costs"; §4
 * "Training results"; §9 points categories). Under the appointment, A = F/appointments/{id}/.
 * The rules are shared/src/presential/results.ts and costs.ts.
 */
const A = PRESENTIAL_APPOINTMENTS_PATH;
type Id = number | string;

export { PRESENCE_VALUES, PRESENTIAL_POINTS_CATEGORIES, TRAINING_RESULTS } from '../presential/results.ts';
export type { Presence, PresentialPointsCategory, TrainingResult } from '../presential/results.ts';

export const PRESENTIAL_RESULT_PATHS = {
  /** GET → AppointmentResults; PUT ResultsInput → AppointmentResults (presential_save_results) */
  results: (id: Id) => `${A}${id}/results/`,
  /** POST → AppointmentResults: irreversible; certificates and points for the approved (presential_save_results) */
  finalize: (id: Id) => `${A}${id}/results/finalize/`,
  /** GET → AppointmentCosts; PUT CostsInput → AppointmentCosts */
  costs: (id: Id) => `${A}${id}/costs/`,
  /** GET → application/pdf: the attendance list (presential_print_users) */
  printUsers: (id: Id) => `${A}${id}/print_users/`,
  /** GET → application/pdf: the event results (presential_print_results) */
  printResults: (id: Id) => `${A}${id}/print_results/`,
  /**
   * Imports into the appointment through the import engine (spec 3 §2 "import results"; spec 1
   * §6.2 presential_import_results, subscription_import_results): GET the xlsx template; POST
   * AppointmentImportCreate → 201 ImportRecord (validation queued); GET the record; POST process
   * → 202; GET its log. The spreadsheet goes up through tus with kind PRESENTIAL_IMPORT_UPLOAD_KIND.
   */
  importTemplate: (id: Id, type: Id) => `${A}${id}/imports/templates/${type}/`,
  imports: (id: Id) => `${A}${id}/imports/`,
  importItem: (id: Id, importId: Id) => `${A}${id}/imports/${importId}/`,
  importProcess: (id: Id, importId: Id) => `${A}${id}/imports/${importId}/process/`,
  importLogs: (id: Id, importId: Id) => `${A}${id}/imports/${importId}/logs/`,
} as const;

export const PRESENTIAL_IMPORT_UPLOAD_KIND = 'presential_import';
/** The module item each appointment import needs (spec 1 §6.2). */
export const APPOINTMENT_IMPORT_PERMISSIONS = { presential_results: 'presential_import_results', presential_subscriptions: 'subscription_import_results' } as const;

export const AppointmentImportCreate = Type.Object({
  import_type: literalUnion(APPOINTMENT_IMPORT_TYPES),
  /** the tus upload id (last path segment of its Location) */
  upload_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type AppointmentImportCreate = Static<typeof AppointmentImportCreate>;

// ---- results ----

export const GuestResultRow = Type.Object({
  enrollment_id: Type.Integer(),
  event_id: Type.Integer(),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]), branch: Type.Union([Type.String(), Type.Null()]) }),
  invited: Type.Boolean(),
  presence: Type.Union([literalUnion(PRESENCE_VALUES), Type.Null()]),
  result: Type.Union([literalUnion(TRAINING_RESULTS), Type.Null()]),
  /** 0–100; prefilled from the guest's best finished attempt of the event's tests while not entered */
  score: Type.Union([Type.Number(), Type.Null()]),
  correct_answers: Type.Union([Type.Integer(), Type.Null()]),
  /** the stored values are null and the score above came from the event's test */
  from_test: Type.Boolean(),
  signature: Type.Boolean(),
  observation: Type.String(),
  motive: Type.String(),
  partner_branch_id: Type.Union([Type.Integer(), Type.Null()]),
  partner_branch: Type.Union([Type.String(), Type.Null()]),
  /** once finalized: the approved guest's certificate */
  certified: Type.Boolean(),
});
export type GuestResultRow = Static<typeof GuestResultRow>;

export const AppointmentResults = Type.Object({
  appointment_id: Type.Integer(),
  /** the appointment's status (results are finalized once it is finished) */
  status: Type.String(),
  minimum_score: Type.Union([Type.Integer(), Type.Null()]),
  points: Type.Integer(),
  points_category: literalUnion(PRESENTIAL_POINTS_CATEGORIES),
  finalized_at: Type.Union([Type.String(), Type.Null()]),
  finalized_by: Type.Union([Type.Object({ id: Type.Integer(), full_name: Type.String() }), Type.Null()]),
  /** why finalizing would be refused now (event_not_finished, all_users_results_must_be_filled_in), or null */
  finalize_refusal: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Array(GuestResultRow),
});
export type AppointmentResults = Static<typeof AppointmentResults>;

/** One guest's changes; omitted fields keep their value. */
export const GuestResultInput = Type.Object({
  enrollment_id: Type.Integer({ minimum: 1 }),
  invited: Type.Optional(Type.Boolean()),
  presence: Type.Optional(Type.Union([Type.Null(), literalUnion(PRESENCE_VALUES)])),
  result: Type.Optional(Type.Union([Type.Null(), literalUnion(TRAINING_RESULTS)])),
  score: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 100 })])),
  correct_answers: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 100_000 })])),
  signature: Type.Optional(Type.Boolean()),
  observation: Type.Optional(Type.String({ maxLength: 2000 })),
  motive: Type.Optional(Type.String({ maxLength: 2000 })),
  partner_branch_id: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
});
export type GuestResultInput = Static<typeof GuestResultInput>;

export const ResultsInput = Type.Object({
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  points_category: Type.Optional(literalUnion(PRESENTIAL_POINTS_CATEGORIES)),
  rows: Type.Array(GuestResultInput, { maxItems: 5000 }),
});
export type ResultsInput = Static<typeof ResultsInput>;

// ---- costs (integer cents) ----

const Cents = () => Type.Integer({ minimum: 0, maximum: 2_000_000_000 });

export const CostSideSchema = Type.Object({
  participants_count: Type.Integer(),
  events: Type.Integer(),
  participants: Type.Integer(),
  additional: Type.Integer(),
  materials: Type.Integer(),
  total: Type.Integer(),
  per_participant: Type.Union([Type.Integer(), Type.Null()]),
});

export const AppointmentCosts = Type.Object({
  /** ISO 4217: the currency every value is in (cents) */
  currency: Type.String(),
  expected_participants: Type.Union([Type.Integer(), Type.Null()]),
  expected_cost_per_participant: Type.Integer(),
  events: Type.Array(Type.Object({
    id: Type.Integer(), date: Type.String(), location_name: Type.String(),
    cost: Type.Integer(), actual_cost: Type.Union([Type.Integer(), Type.Null()]),
    participants: Type.Integer(), participants_cost: Type.Integer(), total: Type.Integer(),
  })),
  additional: Type.Array(Type.Object({
    id: Type.Integer(), description: Type.String(), quantity: Type.Integer(), unit_value: Type.Integer(), installments: Type.Integer(),
    actual_value: Type.Union([Type.Integer(), Type.Null()]),
    total: Type.Integer(), individual_value: Type.Union([Type.Integer(), Type.Null()]), installment_values: Type.Array(Type.Integer()),
  })),
  materials: Type.Array(Type.Object({ material_id: Type.Integer(), name: Type.String(), quantity: Type.Integer(), value: Type.Integer(), total: Type.Integer() })),
  expected: CostSideSchema,
  actual: CostSideSchema,
  difference: Type.Integer(),
});
export type AppointmentCosts = Static<typeof AppointmentCosts>;

export const CostsInput = Type.Object({
  expected_cost_per_participant: Cents(),
  events: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }), cost: Cents(), actual_cost: Type.Union([Type.Null(), Cents()]) }), { maxItems: 500 }),
  /** the whole list: lines left out are removed */
  additional: Type.Array(Type.Object({
    description: Type.String({ minLength: 1, maxLength: 256 }),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    unit_value: Cents(),
    installments: Type.Integer({ minimum: 1, maximum: 120 }),
    actual_value: Type.Union([Type.Null(), Cents()]),
  }), { maxItems: 200 }),
});
export type CostsInput = Static<typeof CostsInput>;
