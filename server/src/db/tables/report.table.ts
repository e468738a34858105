import type { Generated, Insertable, Selectable } from 'kysely';
import type { DbBool, Json, Timestamp } from '../columns.ts';

/** spec 1 §3.1 / §4.4: the last request of each report button, per user and client. */
export interface ReportRequestTable {
  user_id: number;
  client_id: number;
  /** a spec 1 §3.1 report key (shared REPORT_KEYS) */
  report: string;
  requested_at: Timestamp;
}
export type ReportRequestRow = Selectable<ReportRequestTable>;

export type ReportStatus = 'processing' | 'ready' | 'failed' | 'expired';

/** One requested report file: built by a job, downloaded through a hashed link token. */
export interface ReportTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  report: string;
  status: ReportStatus;
  /** the filters the report was asked with */
  params: Json<Record<string, unknown>>;
  /** the requester's language when asking (texts of the file, e-mail and notification) */
  language_id: number;
  /** file under $DATA_DIR/reports/ once ready */
  file_name: string | null;
  row_count: number | null;
  /** sha-256 of the download token; the token itself only travels in the link */
  token_hash: string | null;
  expires_at: Timestamp | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type ReportRow = Selectable<ReportTable>;
export type NewReportRow = Insertable<ReportTable>;

/** spec 1 §2.3 "consent viewing": each decision of a user about a legal text, kept as history. */
export interface UserConsentTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  /** shared CONSENT_KINDS */
  kind: string;
  version: string;
  accepted: DbBool;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}
export type UserConsentRow = Selectable<UserConsentTable>;
