import { TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import { hasPermission, mayApproveUser, type AdminUser, type SessionUser } from '@lp/shared';
import { LoginAsButton } from './LoginAsButton.tsx';
import { ResetPasswordButton } from './ResetPasswordButton.tsx';
import { UserStatusActions } from './UserStatusActions.tsx';
import { UserConsentsButton } from './UserConsents.tsx';

/** The edit page's top bar, each action only where the API allows it (docs/api.md slugs). */
export function UserEditActions() {
  const record = useRecordContext<AdminUser>();
  const { permissions: admin } = usePermissions<SessionUser | null>();
  if (!record || !admin || record.status === 'deleted') return <TopToolbar />;
  const manage = hasPermission(admin, 'users_manage');
  const approve = mayApproveUser(admin, admin.id, record.superior_ids);
  return (
    <TopToolbar>
      {(manage || approve) && <UserStatusActions manage={manage} approve={approve} />}
      {manage && <ResetPasswordButton />}
      {hasPermission(admin, 'login_as_user') && !record.is_superuser && <LoginAsButton />}
      {hasPermission(admin, 'visualize_consent') && <UserConsentsButton />}
    </TopToolbar>
  );
}
