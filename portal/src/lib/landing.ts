import { hasControlPanelAccess } from '@lp/shared/rules';
import type { LoginParams, SessionUser } from '@lp/shared/contract';

/** spec 1 §2.4 admin_overview: the control panel's landing page. */
export const ADMIN_OVERVIEW = '/admin/overview';

/**
 * Where a login (password, partner, or a session found already open) leads. spec 1 §2.4: with
 * the login configuration's tmp_system_new_version on, a user holding any module item goes to
 * admin_overview and anyone else is logged out (null); otherwise the portal page asked for.
 */
export function landing(user: SessionUser, params: LoginParams | undefined, portalPath: string): string | null {
  if (!params?.tmp_system_new_version) return portalPath;
  return hasControlPanelAccess(user) ? ADMIN_OVERVIEW : null;
}
