import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, RecordContextProvider, SaveButton, testDataProvider } from 'react-admin';
import { PERMISSION_GROUPS } from '@lp/shared/rules';
import { UserPermissionsTab } from './UserPermissionsTab.tsx';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

function renderTab(onSubmit: (values: Record<string, unknown>) => void, clientIds = [1], isNew = false) {
  const getUserPermissions = vi.fn(async (_userId: number, clientId: number) => ({
    client_id: clientId,
    module_items: clientId === 1 ? [{ slug: 'users', permission: true }] : [],
  }));
  const { http } = fakeHttp(({ path }) => {
    const read = /^\/admin_users\/users\/(\d+)\/permissions\/\?client_id=(\d+)$/.exec(path);
    if (read) return getUserPermissions(Number(read[1]), Number(read[2]));
    throw new Error(`unexpected ${path}`);
  });
  const { id: _id, ...fresh } = adminUser({ client_ids: clientIds });
  const record = isNew ? fresh : adminUser({ client_ids: clientIds });
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(adminWith(['users', 'user_management']))}>
      <ContractHttpProvider value={http}>
        <RecordContextProvider value={record}>
          <Form record={record} onSubmit={onSubmit}>
            <UserPermissionsTab />
            <SaveButton alwaysEnable />
          </Form>
        </RecordContextProvider>
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { getUserPermissions };
}

describe('UserPermissionsTab', () => {
  it('renders every permission group with its switches, loaded for the client', async () => {
    const { getUserPermissions } = renderTab(vi.fn());
    expect(await screen.findByRole('heading', { name: 'Usuários e organização' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(Object.keys(PERMISSION_GROUPS).length);
    const total = Object.values(PERMISSION_GROUPS).flat().length;
    expect(screen.getAllByRole('switch')).toHaveLength(total);
    expect(getUserPermissions).toHaveBeenCalledWith(7, 1);
    expect(screen.getByLabelText('Usuários', { selector: 'input' })).toBeChecked();
    expect(screen.getByLabelText('Visão administrativa', { selector: 'input' })).not.toBeChecked();
  });

  it('explains each permission in a tooltip', async () => {
    renderTab(vi.fn());
    await userEvent.hover(await screen.findByLabelText('Usuários', { selector: 'input' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ver usuários ativos e inativos');
  });

  it('a toggle and "select all" change the submitted record', async () => {
    const onSubmit = vi.fn();
    renderTab(onSubmit);
    await userEvent.click(await screen.findByLabelText('Visão administrativa', { selector: 'input' }));
    const rewards = screen.getByRole('region', { name: 'Recompensas' });
    await userEvent.click(within(rewards).getByRole('button', { name: 'Selecionar todas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const grants = (onSubmit.mock.calls[0]![0] as { permissions_by_client: Record<string, Record<string, boolean>> })
      .permissions_by_client['1']!;
    expect(grants).toMatchObject({ users: true, login_as_user: true, reward: true, reward_orders: true });
  });

  it('warns "All permissions will be lost" before clearing everything', async () => {
    renderTab(vi.fn());
    await userEvent.click(await screen.findByRole('button', { name: 'Limpar todas' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Todas as permissões serão perdidas');
    // nothing changes before the confirmation (the page behind the dialog is aria-hidden)
    const users = () => screen.getByLabelText('Usuários', { selector: 'input' });
    expect(users()).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(users()).not.toBeChecked());
  });

  it('offers a client selector when the user has several clients', async () => {
    const { getUserPermissions } = renderTab(vi.fn(), [1, 2]);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Cliente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other Company' }));
    await vi.waitFor(() => expect(getUserPermissions).toHaveBeenCalledWith(7, 2));
    expect(await screen.findByLabelText('Usuários', { selector: 'input' })).not.toBeChecked();
  });

  it('starts a new user without permissions and keeps the toggles', async () => {
    const onSubmit = vi.fn();
    const { getUserPermissions } = renderTab(onSubmit, [1], true);
    await userEvent.click(await screen.findByLabelText('Tags', { selector: 'input' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ permissions_by_client: { '1': { tags: true } } });
    expect(getUserPermissions).not.toHaveBeenCalled();
  });
});
