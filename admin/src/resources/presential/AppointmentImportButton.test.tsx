import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { PRESENTIAL_RESULT_PATHS as R, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { mockHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider, type ContractHttp } from '../../common/http/index.ts';
import { AppointmentImportButton } from './AppointmentImportButton.tsx';

vi.mock('../../common/http/saveBlob.ts', () => ({ saveBlob: vi.fn() }));

function renderButton(admin: SessionUser, type: 'presential_results' | 'presential_subscriptions', { url = '/', serveJson }: { url?: string; serveJson?: (path: string) => Promise<unknown> } = {}) {
  updateSession(localStorage, { user: admin });
  const file = vi.fn(async () => ({ blob: new Blob(['x']), filename: 'modelo.xlsx' }));
  const http: ContractHttp = { ...mockHttp({ serveJson }), file };
  render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
        <ContractHttpProvider value={http}><AppointmentImportButton appointmentId={3} type={type} onDone={() => undefined} /></ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { file };
}

describe('AppointmentImportButton (issue 17 item 5; spec 1 §6.2 presential_import_results, subscription_import_results)', () => {
  it('is offered only with the import\'s own module item', async () => {
    renderButton(adminWith(['finish_events', 'subscription_import_results']), 'presential_results');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Importar resultados' })).not.toBeInTheDocument());
  });

  it('opens the steps: the appointment\'s template, then save and validate once a file is up', async () => {
    const { file } = renderButton(adminWith(['finish_events', 'subscription_import_results']), 'presential_subscriptions');
    await userEvent.click(await screen.findByRole('button', { name: 'Importar inscrições' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Salvar e validar' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /modelo/i }));
    expect(file).toHaveBeenCalledWith(R.importTemplate(3, 'presential_subscriptions'));
  });

  it('opens on the import a notification links to (?import=), with its lines in error', async () => {
    const record = {
      id: 9, import_type: 'presential_results', status: 'with_errors', phase: null, file_name: 'resultados.xlsx', total_rows: 3, processed_rows: 3,
      created_count: 0, updated_count: 2, error_count: 1, created_by: { id: 1, full_name: 'Ana' }, created_at: '2026-11-27T10:00:00Z', updated_at: '2026-11-27T10:00:00Z', finished_at: null,
    };
    const serveJson = vi.fn(async (path: string) => (path === R.importItem(3, 9) ? record
      : path.startsWith(R.importLogs(3, 9)) ? { results: [{ id: 1, line: 4, field: 'email', code: 'presential_participant_not_found', log_type: 'error', content: 'Participante não encontrado' }] }
        : Promise.reject(new Error(path))));
    renderButton(adminWith(['finish_events', 'presential_import_results']), 'presential_results', { url: '/presential/appointments/3/results?import=9', serveJson });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('4: Participante não encontrado')).toBeInTheDocument();
    expect(within(dialog).getByText(/Com erros/)).toBeInTheDocument();
  });
});
