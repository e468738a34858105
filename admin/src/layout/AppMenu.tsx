import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { OVERVIEW_ROUTE } from '../overview/index.ts';
import { useAdminScreens } from './useAdminScreens.ts';

/**
 * The admin's own left menu: only the screens the user may open (spec 1 §2.3, §6.1), headed by the
 * overview for who may open it (the dashboard otherwise).
 */
export function AppMenu() {
  const translate = useTranslate();
  const screens = useAdminScreens();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const overview = !!user && canOpenAdminTitle(user, ADMIN_RESOURCES.overview.title) === 'allow';
  return (
    <Menu>
      {overview
        ? <Menu.Item to={OVERVIEW_ROUTE} primaryText={translate('resources.overview.name')} leftIcon={<DashboardIcon />} />
        : <Menu.DashboardItem />}
      {screens.map(({ name, kind, icon }) => (kind === 'resource'
        ? <Menu.ResourceItem key={name} name={name} />
        : <Menu.Item key={name} to={`/${name}`} primaryText={translate(`resources.${name}.name`, { smart_count: 2, _: name })} leftIcon={icon ?? undefined} />))}
    </Menu>
  );
}
