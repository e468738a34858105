import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Presence, PresentialPointsCategory, TrainingResult } from '@lp/shared/rules';
import type { DefaultBool, DefaultTimestamp, NullableTimestamp } from '../columns.ts';

/** Face-to-face attendance, results and costs (2026_11_27_0600_presential_results; spec 3 §3 "Guest / participant", "Costs"). */

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A guest's attendance and result, on their enrollment (presential_enrollments). */
export interface PresentialGuestColumns {
  /** null: as the appointment's invitee list says */
  invited: Nullable<boolean>;
  presence: Nullable<Presence>;
  result: Nullable<TrainingResult>;
  score: Nullable<number>;
  correct_answers: Nullable<number>;
  signature: DefaultBool;
  observation: Generated<string>;
  motive: Generated<string>;
  partner_branch_id: Nullable<number>;
  /** set once by the finalization, before the certificate and points */
  certified_at: NullableTimestamp;
}

/** One row per appointment: its finalization, the points it gives and its cost settings. */
export interface PresentialAppointmentClosingTable {
  appointment_id: number;
  client_id: number;
  points: Generated<number>;
  points_category: Generated<PresentialPointsCategory>;
  finalized_at: NullableTimestamp;
  finalized_by: number | null;
  /** cents */
  expected_cost_per_participant: Generated<number>;
  updated_at: DefaultTimestamp;
}
export type PresentialAppointmentClosingRow = Selectable<PresentialAppointmentClosingTable>;

/** An event's expected and actual cost, in cents. */
export interface PresentialEventCostTable {
  event_id: number;
  client_id: number;
  cost: Generated<number>;
  actual_cost: number | null;
}

/** spec 3 §3 "additional costs: quantity, unitary value, individual value, payment installments" (cents). */
export interface PresentialAdditionalCostTable {
  id: Generated<number>;
  client_id: number;
  appointment_id: number;
  description: string;
  quantity: number;
  unit_value: number;
  installments: Generated<number>;
  actual_value: number | null;
  position: Generated<number>;
}
