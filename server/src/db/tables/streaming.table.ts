import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from '../columns.ts';

/** spec 2 §3.13 transcoder settings of a webcast (2026_11_23_0013_streaming). */
export interface WebcastStreamTable {
  webcast_id: number;
  bitrate_video: Generated<number>;
  aspect_ratio_width: Generated<number>;
  aspect_ratio_height: Generated<number>;
  aspect_h264_profile: Generated<string>;
  updated_by: number | null;
  updated_at: DefaultTimestamp;
}
export type WebcastStreamRow = Selectable<WebcastStreamTable>;

/** A publish session: part of the webcast's recording. */
export interface WebcastStreamSessionTable {
  id: Generated<number>;
  webcast_id: number;
  session_id: string;
  playlist: string;
  started_at: DefaultTimestamp;
  ended_at: Timestamp | null;
  duration: Generated<number>;
  segments: Generated<number>;
  end_reason: string | null;
  /** the node running the session's ingest (2026_12_01_0500_stream_session_lease) */
  node_id: string | null;
  /** until when that node vouches for the session; renewed while it runs */
  lease_until: NullableTimestamp;
}
export type WebcastStreamSessionRow = Selectable<WebcastStreamSessionTable>;
