import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Card, CardContent, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { Loading, Title, useAuthenticated, useNotify, usePermissions, useTranslate } from 'react-admin';
import { canOpenAdminTitle, type AccessDecision } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export function PermissionDenied({ decision }: { decision: Exclude<AccessDecision, 'allow'> }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} role="alert">
      <Title title="errors.permission_denied" />
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <LockIcon color="action" fontSize="large" />
        <div>
          <Typography variant="h6">{translate('errors.permission_denied')}</Typography>
          {decision === 'superuser_only' && (
            <Typography variant="body2" color="text.secondary">
              {translate('errors.superuser_only')}
            </Typography>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * spec 1 §6.1: a non-superuser opening a superuser-only route is sent home. The admin's home is
 * its dashboard: the client's home_route names the learner home, which is the portal's.
 */
function SuperuserOnlyRedirect() {
  const notify = useNotify();
  useEffect(() => notify('errors.superuser_only', { type: 'warning' }), [notify]);
  return <Navigate to="/" replace />;
}

/** spec 1 §2.4: without a session the auth provider remembers the page and sends the visitor to login. */
function SessionCheck() {
  useAuthenticated();
  return <Loading />;
}

/** spec 1 §6.1: the admin screen opens only when the title slug allows it (the API checks too). */
export function PermissionGuard({ title, children }: { title: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<SessionUser | null>();
  if (isPending) return <Loading />;
  if (!permissions) return <SessionCheck />;
  const decision = canOpenAdminTitle(permissions, title);
  if (decision === 'superuser_only') return <SuperuserOnlyRedirect />;
  if (decision !== 'allow') return <PermissionDenied decision={decision} />;
  return <>{children}</>;
}

/** Wraps a resource view (list/edit/create) in the guard of its title slug. */
export function guarded<P extends object>(title: string, View: ComponentType<P>): ComponentType<P> {
  const Guarded = (props: P) => (
    <PermissionGuard title={title}>
      <View {...props} />
    </PermissionGuard>
  );
  Guarded.displayName = `Guarded(${View.displayName ?? View.name ?? title})`;
  return Guarded;
}
