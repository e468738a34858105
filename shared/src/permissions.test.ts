import { describe, expect, it } from 'vitest';
import { canOpenAdminTitle, hasControlPanelAccess, hasPermission, type AccessSubject } from './permissions.ts';

const user = (items: Array<[string, boolean]>, selected = 1, extra: Partial<AccessSubject> = {}): AccessSubject => ({
  is_superuser: false,
  id_user_client_selected: selected,
  user_client_module_items: [
    { id: 1, module_items: items.map(([slug, permission]) => ({ slug, permission })) },
    { id: 2, module_items: [{ slug: 'users', permission: true }] },
  ],
  ...extra,
});

describe('spec 1 §6.1 access decisions', () => {
  it('reads only the selected client and treats a missing slug as false', () => {
    const u = user([['tags', true], ['news', false]]);
    expect(hasPermission(u, 'tags')).toBe(true);
    expect(hasPermission(u, 'news')).toBe(false);
    expect(hasPermission(u, 'users')).toBe(false);
    expect(hasPermission({ ...u, id_user_client_selected: 2 }, 'users')).toBe(true);
  });

  it('needs the title slug with permission true', () => {
    expect(canOpenAdminTitle(user([['tags', true]]), 'tags')).toBe('allow');
    expect(canOpenAdminTitle(user([['tags', false]]), 'tags')).toBe('missing_permission');
  });

  it('keeps superuser-only routes from everyone else', () => {
    expect(canOpenAdminTitle(user([['area_config', true]]), 'area_config')).toBe('superuser_only');
    expect(canOpenAdminTitle(user([], 1, { is_superuser: true }), 'area_config')).toBe('allow');
    expect(canOpenAdminTitle(user([], 1, { is_superuser: true }), 'tags')).toBe('allow');
  });

  it('opens appointments with any one of request_events, approve_events, finish_events', () => {
    expect(canOpenAdminTitle(user([['finish_events', true]]), 'appointments')).toBe('allow');
    expect(canOpenAdminTitle(user([['appointments', true]]), 'appointments')).toBe('missing_permission');
  });

  it('grants the control panel to users with any permitted item', () => {
    expect(hasControlPanelAccess(user([['tags', true]]))).toBe(true);
    expect(hasControlPanelAccess(user([['tags', false]]))).toBe(false);
    expect(hasControlPanelAccess(user([], 3))).toBe(false);
  });
});
