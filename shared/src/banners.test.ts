import { describe, expect, it } from 'vitest';
import {
  BANNER_STATUS, audiencesOverlap, bannerLink, checkBannerUrl, isWithinPeriod, periodsOverlap, validateBanner,
  validateWelcomeBanner, welcomeBannerConflict, type WelcomeBannerSlot,
} from './banners.ts';
import { isApiDate } from './dates/index.ts';

const HOST = 'learning.example.com';
const audience = { areas: [] as number[], profiles: [] as number[], user_groups: [7] };

describe('spec 3 §5 Banners: the URL rule', () => {
  it('takes http://, its secure form https://, and the platform host without a scheme', () => {
    for (const url of ['http://shop.example.com/offer', 'https://shop.example.com', 'HTTP://Shop.Example.com/a?b=c',
      `${HOST}/courses/3`, `${HOST}`, 'https://learning.example.com/news/1', 'http://localhost:3000/home', '']) {
      expect(checkBannerUrl(url, HOST), url).toBeNull();
    }
  });

  it('refuses www, other schemes, bare hosts that are not ours and broken hosts', () => {
    for (const url of ['http://www.shop.com', 'https://WWW.shop.com/x', 'www.shop.com', 'shop.example.com/offer', '/courses/3',
      'ftp://shop.com', 'javascript:alert(1)', 'http://', 'http://user@evil.com', 'http://a b.com', `www.${HOST}/x`,
      'http://.example.com', 'mailto:a@b.com']) {
      expect(checkBannerUrl(url, HOST), url).toBe('invalid_banner_url');
    }
  });

  it('opens our own pages in place and the others in a new tab', () => {
    expect(bannerLink(`${HOST}/courses/3?x=1`, HOST)).toEqual({ kind: 'internal', path: '/courses/3?x=1' });
    expect(bannerLink(`https://${HOST}/trails`, HOST)).toEqual({ kind: 'internal', path: '/trails' });
    expect(bannerLink('https://shop.example.com/a', HOST)).toEqual({ kind: 'external', href: 'https://shop.example.com/a' });
    expect(bannerLink('http://www.shop.com', HOST)).toEqual({ kind: 'none' });
    expect(bannerLink('', HOST)).toEqual({ kind: 'none' });
  });
});

describe('banner dates (spec 3 §4: active within its start and end dates)', () => {
  it('includes both ends; no end date means open-ended', () => {
    const period = { start_date: '2026-12-01', end_date: '2026-12-10' };
    expect(isWithinPeriod(period, '2026-11-30')).toBe(false);
    expect(isWithinPeriod(period, '2026-12-01')).toBe(true);
    expect(isWithinPeriod(period, '2026-12-10')).toBe(true);
    expect(isWithinPeriod(period, '2026-12-11')).toBe(false);
    expect(isWithinPeriod({ start_date: '2026-12-01', end_date: null }, '2099-01-01')).toBe(true);
  });

  it('overlaps when one day is shared', () => {
    const a = { start_date: '2026-12-01', end_date: '2026-12-10' };
    expect(periodsOverlap(a, { start_date: '2026-12-10', end_date: '2026-12-20' })).toBe(true);
    expect(periodsOverlap(a, { start_date: '2026-12-11', end_date: null })).toBe(false);
    expect(periodsOverlap(a, { start_date: '2026-11-01', end_date: null })).toBe(true);
    expect(periodsOverlap({ start_date: '2026-12-01', end_date: null }, { start_date: '2027-01-01', end_date: null })).toBe(true);
  });

  it('knows a real day', () => {
    expect(isApiDate('2026-02-28')).toBe(true);
    expect(isApiDate('2026-02-30')).toBe(false);
    expect(isApiDate('26-02-01')).toBe(false);
    expect(isApiDate(null)).toBe(false);
  });
});

describe('validateBanner (spec 3 §3, §5)', () => {
  const valid = {
    banner_type: 'top', title: 'Black Friday', desktop_image: 'https://cdn/x.png', mobile_image: null, url: 'https://shop.example.com',
    background_color: '#ffffff', text_color: '#000000', order: 1, start_date: '2026-12-01', end_date: '2026-12-31', status: 1, ...audience,
  };

  it('accepts a complete banner', () => {
    expect(validateBanner(valid, HOST)).toEqual({});
  });

  it('names each problem with its key', () => {
    expect(validateBanner({ ...valid, banner_type: 'popup', title: ' ', desktop_image: '', url: 'www.x.com', text_color: 'red', order: -1 }, HOST)).toEqual({
      banner_type: 'validation_error', title: 'make_sure_that_all_fields_are_filled_in', desktop_image: 'make_sure_that_all_fields_are_filled_in',
      url: 'invalid_banner_url', text_color: 'validation_error', order: 'validation_error',
    });
    expect(validateBanner({ ...valid, start_date: '2026-12-10', end_date: '2026-12-01' }, HOST)).toEqual({ end_date: 'end_date_before_start_date' });
    expect(validateBanner({ ...valid, start_date: null }, HOST)).toEqual({ start_date: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateBanner({ ...valid, title: 'x'.repeat(257) }, HOST)).toEqual({ title: 'title_too_long' });
  });

  it('needs an audience: user groups, or areas with profiles', () => {
    const none = { areas: [], profiles: [], user_groups: [] };
    expect(Object.keys(validateBanner({ ...valid, ...none }, HOST))).toEqual(['areas', 'profiles', 'user_groups']);
    expect(validateBanner({ ...valid, ...none, areas: [1] }, HOST)).toEqual({ profiles: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateBanner({ ...valid, ...none, areas: [1], profiles: [2] }, HOST)).toEqual({});
  });
});

describe('validateWelcomeBanner (spec 3 §5 Welcome banners)', () => {
  const valid = {
    welcome_banner_type: 'image', title: 'Bem-vindo', text: '', desktop_image: 'https://cdn/w.png', start_date: '2026-12-01', end_date: null, status: 1, ...audience,
  };

  it('refuses a start date earlier than today, only when it is being set', () => {
    expect(validateWelcomeBanner({ ...valid, start_date: '2026-11-30' }, { today: '2026-12-01', storedStartDate: null })).toEqual({
      start_date: 'welcome_banner_start_before_today',
    });
    expect(validateWelcomeBanner(valid, { today: '2026-12-01', storedStartDate: null })).toEqual({});
    // a banner running since last week keeps its start date through an edit
    expect(validateWelcomeBanner(valid, { today: '2026-12-08', storedStartDate: '2026-12-01' })).toEqual({});
    expect(validateWelcomeBanner({ ...valid, start_date: '2026-12-02' }, { today: '2026-12-08', storedStartDate: '2026-12-01' })).toEqual({
      start_date: 'welcome_banner_start_before_today',
    });
  });

  it('needs the text of an image-and-text banner, and the other fields', () => {
    const ctx = { today: '2026-12-01', storedStartDate: null };
    expect(validateWelcomeBanner({ ...valid, welcome_banner_type: 'image_and_text', text: '<p> </p>' }, ctx)).toEqual({ text: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateWelcomeBanner({ ...valid, welcome_banner_type: 'image_and_text', text: '<p>Leia</p>' }, ctx)).toEqual({});
    expect(validateWelcomeBanner({ ...valid, welcome_banner_type: 'modal', desktop_image: null, end_date: '2026-11-01' }, ctx)).toEqual({
      welcome_banner_type: 'validation_error', desktop_image: 'make_sure_that_all_fields_are_filled_in', end_date: 'end_date_before_start_date',
    });
  });
});

describe('welcomeBannerConflict (spec 3 §5: one active welcome banner per audience and period)', () => {
  const slot = (id: number, extra: Partial<WelcomeBannerSlot> = {}): WelcomeBannerSlot => ({
    id, status: BANNER_STATUS.active, start_date: '2026-12-01', end_date: '2026-12-31', areas: [], profiles: [], user_groups: [7], ...extra,
  });

  it('refuses an overlapping period for a shared area, profile or group', () => {
    expect(welcomeBannerConflict(slot(0, { start_date: '2026-12-31', end_date: '2027-01-10' }), [slot(1)])).toEqual({ code: 'welcome_banner_conflict', id: 1 });
    expect(welcomeBannerConflict(slot(0, { user_groups: [], areas: [3], profiles: [9] }), [slot(1, { user_groups: [], areas: [4], profiles: [9] })]))
      .toEqual({ code: 'welcome_banner_conflict', id: 1 });
    expect(welcomeBannerConflict(slot(0, { user_groups: [], areas: [3], profiles: [9] }), [slot(1, { user_groups: [], areas: [3], profiles: [8] })]))
      .toEqual({ code: 'welcome_banner_conflict', id: 1 });
  });

  it('answers "already published" for an open-ended banner of the audience', () => {
    expect(welcomeBannerConflict(slot(0, { start_date: '2027-06-01', end_date: null }), [slot(1), slot(2, { start_date: '2027-01-01', end_date: null })]))
      .toEqual({ code: 'welcome_banner_already_published', id: 2 });
  });

  it('allows disjoint periods, disjoint audiences, inactive banners and the banner itself', () => {
    expect(welcomeBannerConflict(slot(0, { start_date: '2027-01-01', end_date: '2027-01-31' }), [slot(1)])).toBeNull();
    expect(welcomeBannerConflict(slot(0, { user_groups: [8] }), [slot(1)])).toBeNull();
    expect(welcomeBannerConflict(slot(0), [slot(1, { status: BANNER_STATUS.inactive })])).toBeNull();
    expect(welcomeBannerConflict(slot(0, { status: BANNER_STATUS.inactive }), [slot(1)])).toBeNull();
    expect(welcomeBannerConflict(slot(1), [slot(1)])).toBeNull();
  });

  it('compares audiences by any shared id', () => {
    expect(audiencesOverlap({ areas: [1], profiles: [], user_groups: [] }, { areas: [2, 1], profiles: [], user_groups: [] })).toBe(true);
    expect(audiencesOverlap({ areas: [1], profiles: [5], user_groups: [9] }, { areas: [2], profiles: [6], user_groups: [8] })).toBe(false);
  });
});
