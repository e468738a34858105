import { createElement, type ReactElement } from 'react';
import { usePermissions, useResourceDefinitions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { menuOrder } from '../common/settings/index.ts';
import { visibleResources } from '../permissions/adminTitles.ts';
import { SETTINGS_SCREENS } from '../settingsScreens.ts';

export interface AdminScreen {
  name: string;
  /** a registered resource (its menu item is react-admin's), or a settings screen */
  kind: 'resource' | 'settings';
  icon: ReactElement | null;
}

/**
 * The screens this user may open, in menu order: the resources with a list and the settings
 * screens (spec 1 §2.3, §6.1). The menu and the dashboard list the same.
 */
export function useAdminScreens(): AdminScreen[] {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<SessionUser | null>();
  const listed = Object.values(resources).filter((def) => def.hasList).map((def) => def.name);
  const settings = new Map(SETTINGS_SCREENS.map((screen) => [screen.name, screen]));
  return visibleResources(menuOrder(listed, SETTINGS_SCREENS), permissions).map((name) => {
    const screen = settings.get(name);
    const icon = screen?.icon ?? resources[name]?.icon;
    return { name, kind: screen ? 'settings' : 'resource', icon: icon ? createElement(icon) : null };
  });
}
