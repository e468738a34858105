import { describe, expect, it } from 'vitest';
import type { Webcast } from '@lp/shared/contract';
import { endWebcastFields, newWebcastValues, validateWebcastForm, webcastFormValues, webcastPayload } from './webcastPayload.ts';

const read: Webcast = {
  id: 9, title: 'Lançamento', description: '<p>x</p>', code: null, webcast_type: 1, embed: 'youtu.be/abc', status: 1, profiles: [], areas: [],
  user_groups: [3], tags: [1, 2], use_chat: false, chat_moderated: true, transmission_date: '2026-07-01T10:30:00+02:00', timezone: 'Europe/Paris',
  transmission_completed: false, transmission_downloaded: false, score: 20, webcast_player_hls_playback_url: null, workload: 2,
  webcast_lounge_template: '', webcast_images: [{ image: 'https://cdn/x.png', original: true }], webcast_image_alt_texts: [{ language: 'pt-br', alt_text: 'Capa' }],
  unpublish_date: '2026-07-31', public_url: 'http://x/webinars/9', qty_subscribers: 0,
};

describe('webcast form values and bodies (spec 2 §5.9, §7.3)', () => {
  it('reads the transmission as the wall-clock time of its zone and writes it back with that zone\'s offset', () => {
    const values = webcastFormValues(read);
    expect(values.transmission_local).toBe('2026-07-01T10:30');
    // spec 4 "Dates": the unpublish day is shown the day after the stored one
    expect(values.unpublish_date_shown).toBe('2026-08-01');
    const body = webcastPayload({ ...values, timezone: 'America/Sao_Paulo' }, { sendScore: true });
    expect(body).toMatchObject({
      transmission_date: '2026-07-01T10:30:00-03:00', timezone: 'America/Sao_Paulo', embed: 'https://youtu.be/abc',
      chat_moderated: false, score: 20, unpublish_date: '2026-07-31', webcast_images: 'https://cdn/x.png',
    });
    expect(webcastPayload({ ...values, score: '35 pontos' }, { sendScore: true }).score).toBe(35);
    expect(webcastPayload({ ...values, score: '' }, { sendScore: true }).score).toBe(0);
    expect(webcastPayload(values, { sendScore: false })).not.toHaveProperty('score');
    expect(webcastPayload({ ...values, webcast_type: 2, embed: 'x' }, { sendScore: false }).embed).toBe('none');
  });

  it('builds the End webcast form: status 4, the date as YYYY-MM-DD HH:mm:ss in its zone, arrays as repeated fields', () => {
    const fields = endWebcastFields(webcastFormValues(read), { sendScore: true });
    expect(fields).toMatchObject({
      status: 4, transmission_date: '2026-07-01 10:30:00', transmission_completed: 0, tags: [1, 2], user_groups: [3],
      use_chat: 'false', chat_moderated: 'false', unpublish_date: '2026-07-31', score: 20, embed: 'https://youtu.be/abc',
    });
  });

  it('defaults a new webcast per spec 4 and checks §5.9 on the form, the date on its own field', () => {
    const fresh = newWebcastValues('America/Sao_Paulo');
    expect(fresh).toMatchObject({ webcast_type: 1, status: 1, use_chat: true, chat_moderated: true, workload: 0, score: 0, timezone: 'America/Sao_Paulo' });
    const errors = validateWebcastForm(fresh, { scoreEditable: true, staticScores: null });
    expect(errors).toMatchObject({ title: 'make_sure_that_all_fields_are_filled_in', embed: 'make_sure_that_all_fields_are_filled_in', transmission_local: 'make_sure_that_all_fields_are_filled_in' });
    expect(errors).not.toHaveProperty('transmission_date');
  });
});
