import { Card, CardContent, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { createElement } from 'react';
import { Link } from 'react-router-dom';
import { Title, usePermissions, useResourceDefinitions, useTranslate } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { visibleResources } from '../permissions/adminTitles.ts';

/** Landing page of the control panel: a greeting and the screens this user may open. */
export function Dashboard() {
  const translate = useTranslate();
  const resources = useResourceDefinitions();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const names = visibleResources(
    Object.values(resources).filter((d) => d.hasList).map((d) => d.name),
    user,
  );
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
          {names.map((name) => {
            const def = resources[name];
            return (
              <ListItemButton key={name} component={Link} to={`/${name}`}>
                {def?.icon && <ListItemIcon>{createElement(def.icon)}</ListItemIcon>}
                <ListItemText primary={translate(`resources.${name}.name`, { smart_count: 2 })} />
              </ListItemButton>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
