import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_PARAMS, type SessionUser } from '@lp/shared/contract';
import { landing } from './landing.ts';

const user = (items: Array<{ slug: string; permission: boolean }>, superuser = false) => ({
  is_superuser: superuser, id_user_client_selected: 1, user_client_module_items: [{ id: 1, module_items: items }],
}) as unknown as SessionUser;

describe('landing after login (spec 1 §2.4 tmp_system_new_version)', () => {
  it('goes to the portal page while the flag is off', () => {
    expect(landing(user([{ slug: 'users', permission: true }]), DEFAULT_LOGIN_PARAMS, '/courses')).toBe('/courses');
    expect(landing(user([]), undefined, '/home')).toBe('/home');
  });

  it('with the flag on: admin_overview for a holder of any module item or a superuser, logged out otherwise', () => {
    const params = { ...DEFAULT_LOGIN_PARAMS, tmp_system_new_version: true };
    expect(landing(user([{ slug: 'trainings', permission: true }]), params, '/home')).toBe('/admin/overview');
    expect(landing(user([], true), params, '/home')).toBe('/admin/overview');
    expect(landing(user([{ slug: 'trainings', permission: false }]), params, '/home')).toBeNull();
  });
});
