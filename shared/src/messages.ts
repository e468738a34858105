/**
 * Message and mailing-list rules (spec 3 §3 "Messages and related", §4 "Messages and banners",
 * §5 "Messages and general", §8 "Messages and communication") that the admin forms and the
 * server both apply.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isValidEmail } from './email.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';

/** spec 3 §4: a message is scheduled, then sending, then sent — or send fail when an e-mail could not go. */
export const MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'send_fail'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Where a recipient opened the message (spec 3 §3 opened_in): the web portal or the mobile app. */
export const OPENED_IN = ['web', 'app'] as const;
export type OpenedIn = (typeof OPENED_IN)[number];

/**
 * The e-mail to one recipient: pending until the job gets to it, sent, failed (retried while
 * the job has attempts left), or skipped (the message goes in the app only, the mailing list
 * configuration turned message e-mails off, or the user has no usable address).
 */
export const RECIPIENT_EMAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type RecipientEmailStatus = (typeof RECIPIENT_EMAIL_STATUSES)[number];

/** spec 3 §4 per recipient: read, or not viewed yet (opened_in says where it was read). */
export type RecipientReadState = 'read' | 'not_viewed';

export const MESSAGE_LIMITS = {
  titleMax: 256,
  /** plain characters of the body */
  contentMax: 20_000,
  /** a send date this far in the past still counts as "now" (the form's clock and the server's differ) */
  pastToleranceMs: 5 * 60 * 1000,
} as const;

export const messageIsEditable = (status: string): boolean => status === 'scheduled';
/** A message still being sent cannot be removed from the inboxes under the job's feet. */
export const messageIsDeletable = (status: string): boolean => status !== 'sending';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

export interface MessageValues {
  title?: string | null;
  /** HTML */
  content?: string | null;
  /** recipients chosen one by one */
  users?: readonly number[] | null;
  areas?: readonly number[] | null;
  profiles?: readonly number[] | null;
  /** spec 3 §3 send_group */
  user_groups?: readonly number[] | null;
  /** ISO instant with offset; null = now */
  send_date?: string | null;
  send_in_app?: boolean | null;
  send_email?: boolean | null;
}

export type MessageFieldErrors = Record<string, ErrorCode>;

const filled = (ids: readonly number[] | null | undefined) => !!ids && ids.length > 0;

/** The body has something to read: text, or an image. */
function hasContent(html: string | null | undefined): boolean {
  return plainLength(htmlToPlainText(html)) > 0 || /<img\b/i.test(html ?? '');
}

/**
 * spec 3 §5 "Messages: recipients and send date being chosen" and "at least one item must be
 * selected": recipients are users, user groups, or areas with profiles (the content audience
 * rule: either both or neither); at least one channel; a chosen send date is not in the past.
 */
export function validateMessage(values: MessageValues, now: Date = new Date()): MessageFieldErrors {
  const errors: MessageFieldErrors = {};
  const title = (values.title ?? '').trim();
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > MESSAGE_LIMITS.titleMax) errors.title = 'title_too_long';
  if (!hasContent(values.content)) errors.content = REQUIRED;
  else if (plainLength(htmlToPlainText(values.content)) > MESSAGE_LIMITS.contentMax) errors.content = 'validation_error';

  const hasAreas = filled(values.areas);
  const hasProfiles = filled(values.profiles);
  if (!filled(values.users) && !filled(values.user_groups) && !hasAreas && !hasProfiles) {
    for (const field of ['users', 'areas', 'profiles', 'user_groups']) errors[field] = 'message_needs_recipients';
  } else if (hasAreas !== hasProfiles) {
    if (!hasAreas) errors.areas = REQUIRED;
    if (!hasProfiles) errors.profiles = REQUIRED;
  }

  if (!values.send_in_app && !values.send_email) {
    errors.send_in_app = 'message_needs_channel';
    errors.send_email = 'message_needs_channel';
  }

  if (values.send_date) {
    const at = Date.parse(values.send_date);
    if (Number.isNaN(at)) errors.send_date = 'validation_error';
    else if (at < now.getTime() - MESSAGE_LIMITS.pastToleranceMs) errors.send_date = 'message_send_date_in_the_past';
  }
  return errors;
}

/** spec 1 §2.3 mailing_list_config, title slug mailing_list: per client. */
export interface MailingListSettings {
  /** display name of the sender of message e-mails ('' = the platform's) */
  sender_name: string;
  /** where answers to message e-mails go (null = nowhere: the sender is no-reply) */
  reply_to: string | null;
  /** plain text closing every message e-mail ('' = none) */
  footer: string;
  /** messages may go by e-mail at all (otherwise in the app only) */
  email_messages: boolean;
}

export const MAILING_LIST_DEFAULTS: MailingListSettings = {
  sender_name: '',
  reply_to: null,
  footer: '',
  email_messages: true,
};

export const MAILING_LIST_LIMITS = { senderNameMax: 100, footerMax: 1000 } as const;

/** Characters that would let a display name break out of its mail header. */
const HEADER_UNSAFE = /[\r\n<>"\\]/;

export function validateMailingListConfig(values: Partial<MailingListSettings>): MessageFieldErrors {
  const errors: MessageFieldErrors = {};
  const name = values.sender_name ?? '';
  if (name.trim().length > MAILING_LIST_LIMITS.senderNameMax || HEADER_UNSAFE.test(name)) errors.sender_name = 'validation_error';
  const replyTo = (values.reply_to ?? '').trim();
  if (replyTo && (!isValidEmail(replyTo) || HEADER_UNSAFE.test(replyTo))) errors.reply_to = 'invalid_reply_to';
  if ((values.footer ?? '').length > MAILING_LIST_LIMITS.footerMax) errors.footer = 'validation_error';
  return errors;
}

/** The From header of message e-mails: the configured name on the platform's sending address. */
export function mailFrom(senderName: string, address: string): string {
  const name = senderName.trim();
  return name && !HEADER_UNSAFE.test(name) ? `"${name}" <${address}>` : address;
}
