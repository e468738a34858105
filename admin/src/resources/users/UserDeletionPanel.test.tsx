import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import type { AdminUser, SessionUser } from '@lp/shared/contract';
import { AnonymizedNotice, UserDeletionPanel } from './UserDeletionPanel.tsx';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const requested = adminUser({ status: 'deletion_requested', deletion_requested_at: '2026-11-20T12:00:00Z' });

function renderPanel(admin: SessionUser, record: AdminUser = requested) {
  const decideUserDeletion = vi.fn(async (_id: number, _decision: string) => ({ ...record, status: 'deleted' }));
  const { http } = fakeHttp(({ path }) => {
    const decision = /^\/admin_users\/users\/(\d+)\/deletion\/(confirm|reject)\/$/.exec(path);
    if (decision) return decideUserDeletion(Number(decision[1]), decision[2]!);
    throw new Error(`unexpected ${path}`);
  });
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={http}>
        <RecordContextProvider value={record}>
          <AnonymizedNotice />
          <UserDeletionPanel />
          <p>ready</p>
        </RecordContextProvider>
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { decideUserDeletion };
}

describe('UserDeletionPanel', () => {
  it('offers confirm and reject with the anonymization permission', async () => {
    renderPanel(adminWith(['users', 'users_delete_manage', 'data_anonymization']));
    const panel = await screen.findByRole('region', { name: 'Exclusão de conta solicitada' });
    expect(panel).toHaveTextContent('20/11/2026');
    expect(within(panel).getByRole('button', { name: 'Confirmar exclusão' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Rejeitar solicitação' })).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('perfil sem permissões administrativas');
  });

  it('shows the information message instead of the buttons without it', async () => {
    renderPanel(adminWith(['users', 'users_delete_manage']));
    const panel = await screen.findByRole('region', { name: 'Exclusão de conta solicitada' });
    expect(panel).toHaveTextContent('perfil sem permissões administrativas para anonimização de dados');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('confirms only after a dialog saying it is irreversible', async () => {
    const { decideUserDeletion } = renderPanel(adminWith(['users_delete_manage', 'data_anonymization']));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar exclusão' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Excluir e anonimizar Lara Learner?');
    expect(dialog).toHaveTextContent('irreversível');
    expect(decideUserDeletion).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    await vi.waitFor(() => expect(decideUserDeletion).toHaveBeenCalledWith(7, 'confirm'));
  });

  it('is absent without a request; anonymized users read "Deleted - anonymized data"', async () => {
    renderPanel(adminWith(['users_delete_manage', 'data_anonymization']), adminUser({ status: 'deleted', anonymized_at: '2026-11-21T00:00:00Z' }));
    expect(await screen.findByText('Excluído - dados anonimizados')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
