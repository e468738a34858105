import { lazy } from 'react';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.mailing_list_config;

/** spec 1 §2.3: /admin/mailing_list_config, title slug mailing_list — one settings page, no records. */
export const mailingListConfig: SettingsScreen = {
  name,
  title,
  icon: ContactMailIcon,
  Screen: guarded(title, lazy(() => import('./MailingListConfigPage.tsx'))),
  after: ADMIN_RESOURCES.messages.name,
};
