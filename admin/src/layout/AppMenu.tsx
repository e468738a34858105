import { Menu, useTranslate } from 'react-admin';
import { useAdminScreens } from './useAdminScreens.ts';

/** The admin's own left menu: only the screens the user may open (spec 1 §2.3, §6.1). */
export function AppMenu() {
  const translate = useTranslate();
  const screens = useAdminScreens();
  return (
    <Menu>
      <Menu.DashboardItem />
      {screens.map(({ name, kind, icon }) => (kind === 'resource'
        ? <Menu.ResourceItem key={name} name={name} />
        : <Menu.Item key={name} to={`/${name}`} primaryText={translate(`resources.${name}.name`, { smart_count: 2, _: name })} leftIcon={icon ?? undefined} />))}
    </Menu>
  );
}
