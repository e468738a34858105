import { parseDateTime, userTimeZone, validateMessage } from '@lp/shared/rules';
import type { Message, MessageInput } from '@lp/shared/contract';
import { translatedErrors } from '../../common/editor/index.ts';

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
 * instant → ISO with offset; null for "now". Written as the server writes it (toISOString), so an
 * unchanged stored date is recognised as unchanged.
 */
export function sendDateOf(values: Record<string, unknown>): string | null {
  if (values.send_mode !== 'scheduled') return null;
  const raw = values.send_date;
  if (typeof raw !== 'string' || !raw.trim()) return '';
  const at = parseDateTime(raw, userTimeZone());
  return at ? at.toISOString() : raw;
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
