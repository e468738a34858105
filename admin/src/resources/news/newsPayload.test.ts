import { describe, expect, it } from 'vitest';
import type { News } from '@lp/shared/contract';
import { NEW_NEWS, newsFormValues, newsPayload, validateNewsForm, type NewsFormValues } from './newsPayload.ts';

const REQUIRED = 'errors.make_sure_that_all_fields_are_filled_in';
const filled: NewsFormValues = { ...NEW_NEWS, title: 'Nova coleção', content: '<p>Chegou</p>', user_groups: [3] };

describe('news editor values (spec 3 §3, §5, §7)', () => {
  it('sends the §7 body: lists only when non-empty, dates with the zone\'s offset, emoticons stripped', () => {
    expect(newsPayload({
      ...filled, title: ' Verão ☀️ ', content: '<p>Oferta 🔥</p>', timezone: 'America/Sao_Paulo', publish_date_local: '2026-12-01T09:00',
      news_image_alt_texts: { 'pt-br': 'Vitrine 🛍️' }, image_url: ' ',
    })).toEqual({
      title: 'Verão', image_url: null, content: '<p>Oferta </p>', status: 1, timezone: 'America/Sao_Paulo',
      publish_date: '2026-12-01T09:00:00-03:00', unpublish_date: null, user_groups: [3],
      news_image_alt_texts: { 'pt-br': 'Vitrine', 'en-us': '', 'es-es': '', 'fr-fr': '' },
    });
  });

  it('reads GET N/ back into the pickers in the item\'s zone', () => {
    const news = {
      id: 4, title: 'T', image_url: null, content: '<p>x</p>', status: 2, timezone: 'Europe/Paris',
      publish_date: '2026-07-01T09:30:00+02:00', unpublish_date: null, tags: [1], areas: [], profiles: [], user_groups: [2],
      news_image_alt_texts: [{ language: 'en-us', alt_text: 'Cover' }], portal_url: 'http://x/news/4', publication: 'unpublished',
      created_at: '', updated_at: '',
    } satisfies News;
    expect(newsFormValues(news)).toMatchObject({ publish_date_local: '2026-07-01T09:30', unpublish_date_local: null, news_image_alt_texts: { 'en-us': 'Cover' } });
    expect(newsPayload(newsFormValues(news)).publish_date).toBe('2026-07-01T09:30:00+02:00');
  });

  it('applies the §5 rules on the form\'s own fields', () => {
    expect(validateNewsForm(filled)).toEqual({});
    expect(validateNewsForm({ ...filled, title: '🎉', content: '<p></p>', user_groups: [] })).toEqual({
      title: REQUIRED, content: REQUIRED, areas: REQUIRED, profiles: REQUIRED, user_groups: 'errors.choose_user_groups_or_areas_and_profiles',
    });
    expect(validateNewsForm({ ...filled, publish_date_local: '2026-12-01T09:00' })).toEqual({ timezone: REQUIRED });
    expect(validateNewsForm({ ...filled, timezone: 'UTC', publish_date_local: '2026-12-02T09:00', unpublish_date_local: '2026-12-01T09:00' }))
      .toEqual({ unpublish_date_local: 'errors.unpublish_date_before_publish_date' });
    expect(validateNewsForm({ ...filled, news_image_alt_texts: { 'es-es': 'a'.repeat(257) } }))
      .toEqual({ news_image_alt_texts: { 'es-es': 'errors.news_alt_text_too_long' } });
  });
});
