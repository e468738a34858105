import { describe, expect, it } from 'vitest';
import { accountChanges, mayActOnAccount } from './accountActions.ts';
import type { AccessSubject } from './permissions.ts';

const manager = (items: Record<number, string[]>): AccessSubject => ({
  is_superuser: false,
  id_user_client_selected: Number(Object.keys(items)[0]),
  user_client_module_items: Object.entries(items).map(([id, slugs]) => ({ id: Number(id), module_items: slugs.map((slug) => ({ slug, permission: true })) })),
});

describe('mayActOnAccount', () => {
  it('needs the module item in every client of the user', () => {
    const onlyTwo = manager({ 2: ['users', 'users_manage', 'login_as_user'] });
    expect(mayActOnAccount(onlyTwo, [2], 'login_as')).toBe(true);
    expect(mayActOnAccount(onlyTwo, [1, 2], 'login_as')).toBe(false);
    expect(mayActOnAccount(onlyTwo, [1, 2], 'block')).toBe(false);
    const both = manager({ 2: ['users_manage'], 1: ['users_manage'] });
    expect(mayActOnAccount(both, [1, 2], 'block')).toBe(true);
    // the item of the action, not any item
    expect(mayActOnAccount(both, [1, 2], 'login_as')).toBe(false);
  });

  it('a refused item (permission false) does not count; a superuser always may', () => {
    const refused: AccessSubject = { ...manager({ 1: ['users'] }), user_client_module_items: [{ id: 1, module_items: [{ slug: 'users', permission: false }] }] };
    expect(mayActOnAccount(refused, [1], 'set_password')).toBe(false);
    expect(mayActOnAccount({ is_superuser: true, id_user_client_selected: null, user_client_module_items: [] }, [1, 2, 3], 'deletion')).toBe(true);
  });
});

describe('accountChanges', () => {
  const current = { email: 'ana@x.local', document: '52998224725', status: 'active', client_ids: [1, 2] };
  it('lists only what changes the account', () => {
    expect(accountChanges(current, { email: ' ANA@x.local ', document: '52998224725', client_ids: [2, 1] })).toEqual([]);
    expect(accountChanges(current, { email: 'ana@x.local', client_ids: [1, 2] })).toEqual(['change_document']);
    expect(accountChanges(current, { email: 'ana@x.local', document: '529.982.247-25', status: 'active', client_ids: [1, 2] })).toEqual([]);
    expect(accountChanges(current, { email: 'eve@x.local', password: 'Eve#2026!', status: 'blocked', document: null, client_ids: [2] }))
      .toEqual(['set_password', 'change_email', 'change_document', 'change_status', 'change_clients']);
  });
});
