import { describe, expect, it } from 'vitest';
import { mailFrom, messageIsDeletable, messageIsEditable, validateMailingListConfig, validateMessage } from './messages.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const valid = { title: 'Aviso', content: '<p>Olá</p>', users: [3], send_in_app: true, send_email: false, send_date: null };

describe('validateMessage (spec 3 §5 "recipients and send date being chosen")', () => {
  it('accepts recipients by users, by groups, or by areas with profiles', () => {
    expect(validateMessage(valid, NOW)).toEqual({});
    expect(validateMessage({ ...valid, users: [], user_groups: [1] }, NOW)).toEqual({});
    expect(validateMessage({ ...valid, users: [], areas: [1], profiles: [2] }, NOW)).toEqual({});
  });

  it('needs at least one recipient, and areas and profiles together', () => {
    expect(validateMessage({ ...valid, users: [] }, NOW)).toEqual({
      users: 'message_needs_recipients', areas: 'message_needs_recipients', profiles: 'message_needs_recipients', user_groups: 'message_needs_recipients',
    });
    expect(validateMessage({ ...valid, areas: [1] }, NOW)).toEqual({ profiles: 'make_sure_that_all_fields_are_filled_in' });
  });

  it('needs a channel, a title and a body', () => {
    expect(validateMessage({ ...valid, send_in_app: false, send_email: false }, NOW)).toEqual({
      send_in_app: 'message_needs_channel', send_email: 'message_needs_channel',
    });
    expect(validateMessage({ ...valid, title: '  ', content: '<p><br></p>' }, NOW)).toEqual({
      title: 'make_sure_that_all_fields_are_filled_in', content: 'make_sure_that_all_fields_are_filled_in',
    });
    // an image alone is a body
    expect(validateMessage({ ...valid, content: '<p><img src="https://x/y.png"></p>' }, NOW)).toEqual({});
    expect(validateMessage({ ...valid, title: 'x'.repeat(257) }, NOW)).toEqual({ title: 'title_too_long' });
  });

  it('takes now or a future send date; the past is refused beyond a small clock tolerance', () => {
    expect(validateMessage({ ...valid, send_date: '2026-12-02T09:00:00-03:00' }, NOW)).toEqual({});
    expect(validateMessage({ ...valid, send_date: '2026-12-01T11:58:00Z' }, NOW)).toEqual({});
    expect(validateMessage({ ...valid, send_date: '2026-11-30T12:00:00Z' }, NOW)).toEqual({ send_date: 'message_send_date_in_the_past' });
    expect(validateMessage({ ...valid, send_date: 'amanhã' }, NOW)).toEqual({ send_date: 'validation_error' });
  });

  it('edits only scheduled messages and never deletes one being sent (spec 3 §4)', () => {
    expect(messageIsEditable('scheduled')).toBe(true);
    expect(['sending', 'sent', 'send_fail'].some(messageIsEditable)).toBe(false);
    expect(messageIsDeletable('sending')).toBe(false);
    expect(messageIsDeletable('send_fail')).toBe(true);
  });
});

describe('mailing list configuration (spec 1 §2.3 mailing_list_config)', () => {
  it('checks the reply-to address and keeps the sender name out of header trouble', () => {
    expect(validateMailingListConfig({ sender_name: 'Academia Demo', reply_to: 'rh@demo.com', footer: 'Até logo' })).toEqual({});
    expect(validateMailingListConfig({ sender_name: 'A\r\nBcc: x@y.z', reply_to: 'not-an-email' })).toEqual({
      sender_name: 'validation_error', reply_to: 'invalid_reply_to',
    });
    expect(validateMailingListConfig({ footer: 'x'.repeat(1001) })).toEqual({ footer: 'validation_error' });
  });

  it('puts the sender name on the sending address', () => {
    expect(mailFrom('Academia Demo', 'no-reply@learning.local')).toBe('"Academia Demo" <no-reply@learning.local>');
    expect(mailFrom('  ', 'no-reply@learning.local')).toBe('no-reply@learning.local');
  });
});
