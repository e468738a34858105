import { describe, expect, it } from 'vitest';
import {
  NEWS_LIMITS, cleanNewsText, formatNewsDate, newsDateFromPicker, newsDateToPicker, newsHasContent, newsIsVisible, newsPublication,
  newsPublicUrl, parseNewsDate, validateNews, type NewsValues,
} from './news.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const valid: NewsValues = { title: 'Nova coleção', content: '<p>Chegou</p>', status: 1, user_groups: [3] };

describe('validateNews (spec 3 §5 News)', () => {
  it('accepts a complete item', () => {
    expect(validateNews(valid)).toEqual({});
    expect(validateNews({ ...valid, user_groups: [], areas: [1], profiles: [2] })).toEqual({});
  });

  it('title: required, at most 256', () => {
    expect(validateNews({ ...valid, title: '  ' })).toEqual({ title: REQUIRED });
    expect(validateNews({ ...valid, title: 'x'.repeat(NEWS_LIMITS.titleMax) })).toEqual({});
    expect(validateNews({ ...valid, title: 'x'.repeat(257) })).toEqual({ title: 'title_too_long' });
  });

  it('each alt text: at most 256', () => {
    expect(validateNews({ ...valid, news_image_alt_texts: { 'pt-br': 'a'.repeat(256), 'en-us': '' } })).toEqual({});
    expect(validateNews({ ...valid, news_image_alt_texts: { 'es-es': 'a'.repeat(257) } })).toEqual({ 'news_image_alt_texts.es-es': 'news_alt_text_too_long' });
  });

  it('content: at least one character (tags do not count; an inline image does)', () => {
    expect(validateNews({ ...valid, content: '<p><br></p>' })).toEqual({ content: REQUIRED });
    expect(validateNews({ ...valid, content: null })).toEqual({ content: REQUIRED });
    expect(validateNews({ ...valid, content: '<p>&nbsp;x</p>' })).toEqual({});
    expect(newsHasContent('<p><img src="/media/html_images/news/2026/11/a/b.png" style="max-width: 100%"></p>')).toBe(true);
    expect(newsHasContent('<img alt="x">')).toBe(false);
  });

  it('timezone: required when a date is set, and a known zone', () => {
    expect(validateNews({ ...valid, publish_date: '2026-12-01T09:00:00-03:00' })).toEqual({ timezone: REQUIRED });
    expect(validateNews({ ...valid, unpublish_date: '2026-12-01T09:00:00Z' })).toEqual({ timezone: REQUIRED });
    expect(validateNews({ ...valid, timezone: 'America/Sao_Paulo', publish_date: '2026-12-01T09:00:00-03:00' })).toEqual({});
    expect(validateNews({ ...valid, timezone: 'Mars/Olympus' })).toEqual({ timezone: 'invalid_timezone' });
    // a zone without dates is fine
    expect(validateNews({ ...valid, timezone: 'Etc/GMT' })).toEqual({});
  });

  it('dates: readable, with an offset, the unpublish date after the publish date', () => {
    const zone = { timezone: 'America/Sao_Paulo' };
    expect(validateNews({ ...valid, ...zone, publish_date: '2026-02-31T09:00:00-03:00' })).toEqual({ publish_date: 'validation_error' });
    expect(validateNews({ ...valid, ...zone, publish_date: '2026-12-01T09:00:00' })).toEqual({ publish_date: 'validation_error' });
    expect(validateNews({ ...valid, ...zone, publish_date: '2026-12-02T09:00:00-03:00', unpublish_date: '2026-12-02T09:00:00-03:00' }))
      .toEqual({ unpublish_date: 'unpublish_date_before_publish_date' });
    expect(validateNews({ ...valid, ...zone, publish_date: '2026-12-02T09:00:00-03:00', unpublish_date: '2026-12-02T12:00:01Z' })).toEqual({});
  });

  it('status: 1 or 2', () => {
    expect(validateNews({ ...valid, status: 2 })).toEqual({});
    expect(validateNews({ ...valid, status: 3 })).toEqual({ status: 'validation_error' });
  });

  it('audience: areas plus profiles, or user groups', () => {
    expect(validateNews({ ...valid, user_groups: [] })).toEqual({ areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' });
    expect(validateNews({ ...valid, user_groups: [], areas: [1] })).toEqual({ profiles: REQUIRED });
    expect(validateNews({ ...valid, user_groups: [], profiles: [1] })).toEqual({ areas: REQUIRED });
    expect(validateNews({ ...valid, areas: [1] })).toEqual({ profiles: REQUIRED });
  });
});

describe('cleanNewsText (spec 3 §5: emoticons stripped before saving)', () => {
  it('strips emojis from the title, the content and the alt texts', () => {
    expect(cleanNewsText({ title: ' 🎉 Promoção 🎉 ', content: '<p>Oferta 🔥 hoje</p>', news_image_alt_texts: { 'pt-br': 'Foto 📷', 'en-us': null } }))
      .toEqual({ title: 'Promoção', content: '<p>Oferta  hoje</p>', news_image_alt_texts: { 'pt-br': 'Foto', 'en-us': null } });
    // a title made of emojis only is then empty, and required
    expect(validateNews(cleanNewsText({ ...valid, title: '😀😀' }))).toEqual({ title: REQUIRED });
  });
});

describe('news dates and the publication window (spec 3 §4, §9)', () => {
  it('sends a picked wall-clock time with the offset of the chosen zone, and shows it back', () => {
    expect(newsDateFromPicker('2026-12-01T09:30', 'America/Sao_Paulo')).toBe('2026-12-01T09:30:00-03:00');
    expect(newsDateFromPicker('2026-07-01T09:30', 'Europe/Paris')).toBe('2026-07-01T09:30:00+02:00');
    expect(newsDateFromPicker('2026-12-01T09:30', null)).toBe('2026-12-01T09:30:00+00:00');
    expect(newsDateFromPicker('', 'UTC')).toBeNull();
    expect(newsDateToPicker('2026-12-01T12:30:00Z', 'America/Sao_Paulo')).toBe('2026-12-01T09:30');
    expect(newsDateToPicker(null, 'UTC')).toBeNull();
    expect(formatNewsDate(new Date('2026-12-01T12:30:00Z'), 'America/Sao_Paulo')).toBe('2026-12-01T09:30:00-03:00');
    expect(parseNewsDate('2026-12-01T09:30:00-03:00')?.toISOString()).toBe('2026-12-01T12:30:00.000Z');
  });

  it('bounds publication by the optional dates', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    expect(newsPublication({ status: 1, publish_date: null, unpublish_date: null }, now)).toBe('published');
    expect(newsPublication({ status: 2, publish_date: null, unpublish_date: null }, now)).toBe('unpublished');
    expect(newsPublication({ status: 1, publish_date: at('2026-12-10T12:00:01Z'), unpublish_date: null }, now)).toBe('scheduled');
    expect(newsPublication({ status: 1, publish_date: at('2026-12-10T12:00:00Z'), unpublish_date: null }, now)).toBe('published');
    expect(newsPublication({ status: 1, publish_date: null, unpublish_date: at('2026-12-10T12:00:00Z') }, now)).toBe('expired');
    expect(newsIsVisible({ status: 1, publish_date: at('2026-12-01T00:00:00Z'), unpublish_date: at('2026-12-31T00:00:00Z') }, now)).toBe(true);
  });

  it('builds the public link', () => {
    expect(newsPublicUrl('https://academy.example.com/', 12)).toBe('https://academy.example.com/news/12');
  });
});
