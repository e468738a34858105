import { Card, CardContent, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, usePermissions, useTranslate } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { useAdminScreens } from '../layout/useAdminScreens.ts';

/** Landing page of the control panel: a greeting and the screens this user may open. */
export function Dashboard() {
  const translate = useTranslate();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const screens = useAdminScreens();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.dashboard.title" />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('admin.dashboard.welcome', { name: user?.full_name ?? '' })}
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
