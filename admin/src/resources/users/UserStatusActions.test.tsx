import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { UserEditActions } from './UserEditActions.tsx';
import { statusActionsFor } from './UserStatusActions.tsx';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

function renderActions(status: string, admin: SessionUser = adminWith(['users', 'users_manage']), superiorIds: number[] = [], clientIds = [1]) {
  const record = adminUser({ status, superior_ids: superiorIds, client_ids: clientIds });
  const changeUserStatus = vi.fn(async (_id: number, _action: string) => ({ ...record, status: 'blocked' }));
  const resetUserPassword = vi.fn(async (_id: number, _mode: string) => undefined);
  const { http } = fakeHttp(({ path, body }) => {
    const status = /^\/admin_users\/users\/(\d+)\/(block|unblock|approve)\/$/.exec(path);
    if (status) return changeUserStatus(Number(status[1]), status[2]!);
    const reset = /^\/admin_users\/users\/(\d+)\/reset_password\/$/.exec(path);
    if (reset) return resetUserPassword(Number(reset[1]), (body as { mode: string }).mode);
    throw new Error(`unexpected ${path}`);
  });
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={http}>
        <RecordContextProvider value={record}>
          <UserEditActions />
          <p>ready</p>
        </RecordContextProvider>
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { changeUserStatus, resetUserPassword };
}

const names = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('user status actions', () => {
  it('follow the status (spec 1 §4.1)', () => {
    expect(statusActionsFor('active')).toEqual(['block']);
    expect(statusActionsFor('blocked')).toEqual(['unblock']);
    expect(statusActionsFor('awaiting_validation')).toEqual(['approve', 'block']);
    expect(statusActionsFor('deletion_requested')).toEqual([]);
    expect(statusActionsFor('deleted')).toEqual([]);
  });

  it('an active user can be blocked', async () => {
    const { changeUserStatus } = renderActions('active');
    await userEvent.click(await screen.findByRole('button', { name: 'Bloquear' }));
    expect(names()).not.toContain('Desbloquear');
    await vi.waitFor(() => expect(changeUserStatus).toHaveBeenCalledWith(7, 'block'));
  });

  it('a blocked user can be unblocked, not blocked again', async () => {
    renderActions('blocked');
    expect(await screen.findByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
    expect(names()).not.toContain('Bloquear');
  });

  it('a user awaiting validation can be approved', async () => {
    const { changeUserStatus } = renderActions('awaiting_validation');
    await userEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    await vi.waitFor(() => expect(changeUserStatus).toHaveBeenCalledWith(7, 'approve'));
  });

  it("a superior approver of the user sees Approve only (spec 1 §4.1), another approver nothing", async () => {
    const approver = adminWith(['users', 'superiors_approvers']);
    const { changeUserStatus } = renderActions('awaiting_validation', approver, [approver.id]);
    await userEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(names()).not.toContain('Bloquear');
    await vi.waitFor(() => expect(changeUserStatus).toHaveBeenCalledWith(7, 'approve'));
  });

  it('an approver who is not among the user\'s superiors gets no status action', async () => {
    renderActions('awaiting_validation', adminWith(['users', 'superiors_approvers']), [999]);
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(names()).toEqual([]);
  });

  it('reset password asks how: e-mail or default password', async () => {
    const { resetUserPassword } = renderActions('active');
    await userEvent.click(await screen.findByRole('button', { name: 'Redefinir senha' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Redefinir para a senha padrão' }));
    await vi.waitFor(() => expect(resetUserPassword).toHaveBeenCalledWith(7, 'default'));
  });

  it('a user shared with a client the administrator lacks the items in: no account action (docs/security.md)', async () => {
    renderActions('active', adminWith(['users', 'users_manage', 'login_as_user']), [], [1, 2]);
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(names()).toEqual([]);
    // holding them in both clients, the buttons come back
    const both = adminWith(['users', 'users_manage', 'login_as_user']);
    both.user_client_module_items.push({ id: 2, module_items: both.user_client_module_items[0]!.module_items });
    renderActions('active', both, [], [1, 2]);
    expect(await screen.findByRole('button', { name: 'Visão administrativa' })).toBeInTheDocument();
    expect(names()).toEqual(expect.arrayContaining(['Bloquear', 'Redefinir senha', 'Visão administrativa']));
  });

  it('administrative view only with login_as_user; nothing without users_manage', async () => {
    renderActions('active', adminWith(['users', 'login_as_user']));
    expect(await screen.findByRole('button', { name: 'Visão administrativa' })).toBeInTheDocument();
    expect(names()).toEqual(['Visão administrativa']);
  });
});
