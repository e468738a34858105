import type { SettingsScreen } from './common/settings/index.ts';
import { mailingListConfig } from './resources/mailing-list-config/index.ts';
import { about, cookiesPolicy, policy, terms } from './resources/legal-texts/index.ts';
import { configuration } from './resources/configuration/index.ts';
import { settingsMenu } from './resources/settings-menu/index.ts';
import { presentialCalendar } from './resources/presential/index.ts';
import { reportsPanel } from './reportsPanel/index.ts';
import { homeLayout } from './resources/home-layout/index.ts';
import { headquarterImport } from './resources/headquarter-import/index.ts';

/** The settings screens (custom routes with a menu entry), in the order they join the menu. */
export const SETTINGS_SCREENS: readonly SettingsScreen[] = [
  mailingListConfig, presentialCalendar, terms, about, policy, cookiesPolicy, configuration, settingsMenu, homeLayout, headquarterImport, reportsPanel,
];
