import type { Generated, Selectable } from 'kysely';
import type { AccessSubject } from '@lp/shared/rules';
import type { DefaultBool, DefaultTimestamp, Json, NullableTimestamp, Timestamp } from '../columns.ts';

/** spec 2 §3.12 chat message (2026_11_23_0012_webcast_chat). */
export interface WebcastChatMessageTable {
  id: Generated<number>;
  webcast_id: number;
  user_id: number | null;
  sender_name: string;
  text: string;
  admin_flag: DefaultBool;
  /** pending | public | disapproved */
  state: string;
  moderated_by: number | null;
  moderated_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** the publisher time of the picture it was written about (2026_11_30_0500_webcast_chat_media_time) */
  media_time: NullableTimestamp;
  /** the sending client's id of a learner's message: a retried send finds it (2026_11_30_0200) */
  client_message_id: string | null;
}
export type WebcastChatMessageRow = Selectable<WebcastChatMessageTable>;

/** One-use ticket of the realtime socket (DESIGN "Realtime"). */
export interface RealtimeTicketTable {
  ticket_hash: string;
  user_id: number;
  family_id: string;
  client_id: number | null;
  subject: Json<AccessSubject>;
  expires_at: Timestamp;
  session_expires_at: Timestamp;
}
