import { formatDate, validateMessage, type Message, type MessageInput } from '@lp/shared';
import { translatedErrors } from '../banners/bannerPayload.ts';

/** Form-only: send now, or at the chosen date (spec 3 §3 send_date). */
export type SendMode = 'now' | 'scheduled';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

export const NEW_MESSAGE = {
  title: '', content: '', users: [], areas: [], profiles: [], user_groups: [], send_mode: 'now' as SendMode, send_date: null,
  send_in_app: true, send_email: false, send_email_body: true,
};

/** The record as the form edits it (a scheduled message keeps its date). */
export function messageFormRecord(message: Message) {
  return { ...message, send_mode: 'scheduled' as SendMode };
}

/**
 * The datetime-local input's value ('2026-12-01T09:00', the admin's own time) or a stored ISO
 * instant → ISO with offset; null for "now".
 */
export function sendDateOf(values: Record<string, unknown>): string | null {
  if (values.send_mode !== 'scheduled') return null;
  const raw = values.send_date;
  if (typeof raw !== 'string' || !raw.trim()) return '';
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? raw : at.toISOString();
}

/** Form values → the JSON body of POST / PUT …/messages/. */
export function messagePayload(values: Record<string, unknown>): MessageInput {
  const sendEmail = values.send_email === true;
  return {
    title: String(values.title ?? '').trim(),
    content: String(values.content ?? ''),
    users: ids(values.users),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
    send_date: sendDateOf(values),
    send_in_app: values.send_in_app === true,
    send_email: sendEmail,
    send_email_body: sendEmail ? values.send_email_body !== false : true,
  };
}

/** spec 3 §5 "recipients and send date being chosen", in the form. */
export function validateMessageForm(values: Record<string, unknown>, now = new Date()): Record<string, string> {
  const errors = validateMessage(messagePayload(values), now);
  // a scheduled send needs its date
  if (values.send_mode === 'scheduled' && sendDateOf(values) === '') errors.send_date = 'make_sure_that_all_fields_are_filled_in';
  return translatedErrors(errors);
}

/** Date (spec 1 §9 order by language) and time, in the admin's own time zone. */
export function formatDateTime(value: string | null | undefined, languageId: number): string {
  if (!value) return '';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(value));
  return `${formatDate(value, languageId, zone)} ${time}`;
}
