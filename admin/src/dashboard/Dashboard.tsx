import { Card, CardContent, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link, Navigate } from 'react-router-dom';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { useAdminScreens } from '../layout/useAdminScreens.ts';
import { OVERVIEW_ROUTE } from '../overview/index.ts';

/**
 * Landing page of the control panel. spec 1 §2.4: who may open the overview lands there
 * (admin_overview); anyone else gets a greeting and the screens they may open.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const screens = useAdminScreens();
  // no greeting without a name: before the session is read (or on the way to the login page) nothing shows
  if (!user) return null;
  if (canOpenAdminTitle(user, ADMIN_RESOURCES.overview.title) === 'allow') return <Navigate to={OVERVIEW_ROUTE} replace />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.dashboard.title" />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('admin.dashboard.welcome', { name: user.full_name })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('admin.dashboard.intro')}
        </Typography>
        <List>
          {screens.map(({ name, icon }) => (
            <ListItemButton key={name} component={Link} to={`/${name}`}>
              {icon && <ListItemIcon>{icon}</ListItemIcon>}
              <ListItemText primary={translate(`resources.${name}.name`, { smart_count: 2 })} />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
