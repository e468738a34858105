import { lazy } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';
import InfoIcon from '@mui/icons-material/Info';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import CookieIcon from '@mui/icons-material/Cookie';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const screens = () => import('./LegalTextScreen.tsx');

/** spec 1 §2.3 terms, about, policy, cookies_policy: one editor each, superuser only (§6.1). */
export const terms: SettingsScreen = {
  ...ADMIN_RESOURCES.terms,
  icon: GavelIcon,
  Screen: guarded(ADMIN_RESOURCES.terms.title, lazy(async () => ({ default: (await screens()).TermsScreen }))),
  after: ADMIN_RESOURCES.schedule.name,
};
export const about: SettingsScreen = {
  ...ADMIN_RESOURCES.about,
  icon: InfoIcon,
  Screen: guarded(ADMIN_RESOURCES.about.title, lazy(async () => ({ default: (await screens()).AboutScreen }))),
  after: ADMIN_RESOURCES.terms.name,
};
export const policy: SettingsScreen = {
  ...ADMIN_RESOURCES.policy,
  icon: PrivacyTipIcon,
  Screen: guarded(ADMIN_RESOURCES.policy.title, lazy(async () => ({ default: (await screens()).PolicyScreen }))),
  after: ADMIN_RESOURCES.about.name,
};
export const cookiesPolicy: SettingsScreen = {
  ...ADMIN_RESOURCES.cookies_policy,
  icon: CookieIcon,
  Screen: guarded(ADMIN_RESOURCES.cookies_policy.title, lazy(async () => ({ default: (await screens()).CookiesPolicyScreen }))),
  after: ADMIN_RESOURCES.policy.name,
};
