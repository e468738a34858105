import { useState, type ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, InputAdornment, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Menu, usePermissions, useSidebarState, useStore, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { canOpenAdminTitle, sectionHeading } from '@lp/shared/rules';
import { OVERVIEW_ROUTE } from '../overview/index.ts';
import { groupScreens, matchesMenuSearch, RENAMABLE_SCREENS, type MenuGroup } from './menuGroups.ts';
import { useAdminScreens, type AdminScreen } from './useAdminScreens.ts';

interface MenuEntry extends AdminScreen { label: string }

/**
 * The admin's own left menu (spec 1 §2.3, §6.1): only the screens the user may open, grouped by
 * area, each group collapsible (remembered), a search over every entry, and the client's own
 * names for the sections it renames. Headed by the overview for who may open it (the dashboard
 * otherwise). With the sidebar folded to icons the entries are shown without groups.
 */
export function AppMenu() {
  const translate = useTranslate();
  const screens = useAdminScreens();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const [sidebarOpen] = useSidebarState();
  const [query, setQuery] = useState('');
  const overview = !!user && canOpenAdminTitle(user, ADMIN_RESOURCES.overview.title) === 'allow';
  const entries: MenuEntry[] = screens.map((screen) => {
    const section = RENAMABLE_SCREENS[screen.name];
    const own = section ? sectionHeading(user, section) : null;
    return { ...screen, label: own ?? translate(`resources.${screen.name}.name`, { smart_count: 2, _: screen.name }) };
  });
  const item = (e: MenuEntry) => <Menu.Item key={e.name} to={`/${e.name}`} primaryText={e.label} leftIcon={e.icon ?? undefined} />;
  const head = overview
    ? <Menu.Item to={OVERVIEW_ROUTE} primaryText={translate('resources.overview.name')} leftIcon={<DashboardIcon />} />
    : <Menu.DashboardItem />;
  if (!sidebarOpen) return <Menu>{head}{entries.map(item)}</Menu>;
  const found = entries.filter((e) => matchesMenuSearch(e.label, query));
  // a role="menu" may hold menu items only (WAI-ARIA): the search and each area's heading sit
  // between menus, one menu per area, each reached by Tab and walked with the arrow keys
  return (
    <Box component="nav" aria-label={translate('admin.menu.label')}>
      <Menu sx={{ mb: 0 }}>{head}</Menu>
      {entries.length > 0 && (
        <Box sx={{ px: 1.5, py: 1 }}>
          <TextField
            size="small" fullWidth type="search" value={query} onChange={(event) => setQuery(event.target.value)}
            placeholder={translate('admin.menu.search')}
            slotProps={{
              htmlInput: { 'aria-label': translate('admin.menu.search') },
              input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            }}
          />
        </Box>
      )}
      {query.trim() !== ''
        ? (found.length > 0
          ? <Menu sx={{ mt: 0 }}>{found.map(item)}</Menu>
          : <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>{translate('admin.menu.no_match')}</Typography>)
        : groupScreens(entries).map(({ group, screens: inGroup }) => <MenuSection key={group} group={group}>{inGroup.map(item)}</MenuSection>)}
    </Box>
  );
}

function MenuSection({ group, children }: { group: MenuGroup; children: ReactNode }) {
  const translate = useTranslate();
  const [open, setOpen] = useStore(`menu.group.${group}.open`, true);
  const id = `menu-group-${group}`;
  return (
    <>
      <ListItemButton dense aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} sx={{ mt: 0.5 }}>
        <ListItemText id={`${id}-label`} primary={translate(`admin.menu.groups.${group}`)}
          slotProps={{ primary: { variant: 'overline', color: 'text.secondary', sx: { lineHeight: 1.6 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} id={id} unmountOnExit>
        <Menu aria-labelledby={`${id}-label`} sx={{ my: 0 }}>{children}</Menu>
      </Collapse>
    </>
  );
}
