/**
 * The banner paths (contract/banners.ts), apart from the schemas: the portal's shell takes them
 * on every page, and a module of plain strings brings no TypeBox into the first load.
 */
import { BANNERS_PATH, WELCOME_BANNERS_PATH } from './collections.ts';

const BANNERS = BANNERS_PATH;
const WELCOME = WELCOME_BANNERS_PATH;

export const BANNER_PATHS = {
  collection: BANNERS,
  item: (id: number | string) => `${BANNERS}${id}/`,
  welcomeCollection: WELCOME,
  welcomeItem: (id: number | string) => `${WELCOME}${id}/`,
  /** spec 3 §7 "A welcome-banner conflict check exists": POST the period and audience, before saving */
  welcomeConflict: `${WELCOME}check_conflict/`,
  /** learner: the banners of the user's audience live today */
  learnerBanners: '/banners/',
  /** learner: the welcome banner to show now, if any */
  learnerWelcome: '/welcome_banners/current/',
  learnerWelcomeConfirm: (id: number | string) => `/welcome_banners/${id}/confirm/`,
  /** only for a banner with user_logout: ends the session */
  learnerWelcomeDecline: (id: number | string) => `/welcome_banners/${id}/decline/`,
} as const;
