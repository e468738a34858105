import { lazy } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';
import InfoIcon from '@mui/icons-material/Info';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import CookieIcon from '@mui/icons-material/Cookie';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const screens = () => import('./LegalTextScreen.tsx');

/** spec 1 §2.3 terms, about, policy, cookies_policy: one editor each, superuser only (§6.1). */
export const terms = {
  list: guarded(ADMIN_RESOURCES.terms.title, lazy(async () => ({ default: (await screens()).TermsScreen }))),
  icon: GavelIcon,
};
export const about = {
  list: guarded(ADMIN_RESOURCES.about.title, lazy(async () => ({ default: (await screens()).AboutScreen }))),
  icon: InfoIcon,
};
export const policy = {
  list: guarded(ADMIN_RESOURCES.policy.title, lazy(async () => ({ default: (await screens()).PolicyScreen }))),
  icon: PrivacyTipIcon,
};
export const cookiesPolicy = {
  list: guarded(ADMIN_RESOURCES.cookies_policy.title, lazy(async () => ({ default: (await screens()).CookiesPolicyScreen }))),
  icon: CookieIcon,
};
