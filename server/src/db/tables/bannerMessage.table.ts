import type { Generated, Selectable } from 'kysely';
import type { DefaultBool, DefaultTimestamp, NullableTimestamp, Timestamp } from '../columns.ts';

/** spec 3 §3 Banner (2026_11_23_0022_banners_messages). Days are YYYY-MM-DD (GMT). */
export interface BannerTable {
  id: Generated<number>;
  client_id: number;
  /** top, card or campaign */
  banner_type: string;
  title: string;
  desktop_image: string;
  mobile_image: string | null;
  button_label: Generated<string>;
  url: Generated<string>;
  background_color: Generated<string>;
  text_color: Generated<string>;
  sort_order: Generated<number>;
  start_date: string;
  end_date: string | null;
  /** 1 active, 2 inactive */
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type BannerRow = Selectable<BannerTable>;

/** spec 3 §3 Welcome banner. */
export interface WelcomeBannerTable {
  id: Generated<number>;
  client_id: number;
  /** image or image_and_text */
  welcome_banner_type: string;
  title: string;
  /** sanitised HTML */
  text: Generated<string>;
  desktop_image: string;
  mobile_image: string | null;
  start_date: string;
  end_date: string | null;
  just_confirm: DefaultBool;
  user_logout: DefaultBool;
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type WelcomeBannerRow = Selectable<WelcomeBannerTable>;

/**
 * A learner's confirmation of a welcome banner, in the login (token family) it happened: a
 * just_confirm banner is gone for good after any; another stays away for the rest of that login.
 */
export interface WelcomeBannerConfirmationTable {
  id: Generated<number>;
  welcome_banner_id: number;
  user_id: number;
  family_id: string;
  confirmed_at: DefaultTimestamp;
}

/** spec 3 §3 Message. */
export interface MessageTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  /** sanitised HTML */
  content: string;
  send_date: Timestamp;
  send_in_app: DefaultBool;
  send_email: DefaultBool;
  send_email_body: DefaultBool;
  /** scheduled, sending, sent, send_fail (spec 3 §4) */
  status: Generated<string>;
  sent_at: NullableTimestamp;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type MessageRow = Selectable<MessageTable>;

export interface MessageUserTable { message_id: number; user_id: number }

/** spec 3 §3 "Per recipient: status, opened_in, read". */
export interface MessageRecipientTable {
  id: Generated<number>;
  message_id: number;
  user_id: number;
  read_at: NullableTimestamp;
  /** web or app */
  opened_in: string | null;
  /** pending, sent, failed, skipped */
  email_status: Generated<string>;
  email_sent_at: NullableTimestamp;
  email_error: string | null;
  email_attempts: Generated<number>;
  created_at: DefaultTimestamp;
}
export type MessageRecipientRow = Selectable<MessageRecipientTable>;

/** spec 1 §2.3 mailing_list_config: one row per client (none = the defaults). */
export interface MailingListConfigTable {
  client_id: number;
  sender_name: string;
  reply_to: string | null;
  footer: string;
  email_messages: DefaultBool;
  updated_by: number | null;
  updated_at: DefaultTimestamp;
}
