import { Menu, usePermissions, useResourceDefinitions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { visibleResources } from '../permissions/adminTitles.ts';

/** The admin's own left menu: only the screens the user may open (spec 1 §2.3, §6.1). */
export function AppMenu() {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions<SessionUser | null>();
  const names = Object.values(resources)
    .filter((def) => def.hasList)
    .map((def) => def.name);
  return (
    <Menu>
      <Menu.DashboardItem />
      {visibleResources(names, permissions).map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
