import { TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import { hasPermission, mayActOnAccount, mayApproveUser, type AccountAction } from '@lp/shared/rules';
import type { AdminUser, SessionUser } from '@lp/shared/contract';
import { LoginAsButton } from './LoginAsButton.tsx';
import { ResetPasswordButton } from './ResetPasswordButton.tsx';
import { UserStatusActions } from './UserStatusActions.tsx';
import { UserConsentsButton } from './UserConsents.tsx';

/**
 * The edit page's top bar, each action only where the API allows it (docs/api.md slugs); the
 * account-wide ones of a user shared with other clients only for an administrator of all of
 * them (shared mayActOnAccount, docs/security.md "Shared users").
 */
export function UserEditActions() {
  const record = useRecordContext<AdminUser>();
  const { permissions: admin } = usePermissions<SessionUser | null>();
  if (!record || !admin || record.status === 'deleted') return <TopToolbar />;
  const account = (action: AccountAction) => mayActOnAccount(admin, record.client_ids, action);
  const manage = hasPermission(admin, 'users_manage') && account('block');
  const approve = mayApproveUser(admin, admin.id, record.superior_ids)
    && mayActOnAccount(admin, record.client_ids.filter((id) => id !== admin.id_user_client_selected), 'approve');
  return (
    <TopToolbar>
      {(manage || approve) && <UserStatusActions manage={manage} approve={approve} />}
      {manage && account('reset_password') && <ResetPasswordButton />}
      {hasPermission(admin, 'login_as_user') && account('login_as') && !record.is_superuser && <LoginAsButton />}
      {hasPermission(admin, 'visualize_consent') && <UserConsentsButton />}
    </TopToolbar>
  );
}
