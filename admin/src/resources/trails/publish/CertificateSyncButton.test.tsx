import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { TRAIL_PATHS, type CertificateSyncState } from '@lp/shared/contract';
import { toHttpError } from '../../../dataProvider.ts';
import { i18n } from '../../../test/fixtures.ts';
import { wireHttp } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../../common/http/index.ts';
import { CertificateSyncButton } from './CertificateSyncButton.tsx';

const PATH = TRAIL_PATHS.syncCertificates(9);
const idle: CertificateSyncState = { state: 'idle', last_started_at: '2026-11-20T10:00:00Z', last_finished_at: '2026-11-20T10:01:00Z', last_run_failed: false };
const running: CertificateSyncState = { state: 'running', last_started_at: '2026-11-23T10:00:00Z', last_finished_at: '2026-11-20T10:01:00Z', last_run_failed: false };

function renderButton(serveJson: (path: string, method: string) => Promise<unknown>, canManage = true) {
  const spy = vi.fn(serveJson);
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(spy)}>
        <CertificateSyncButton trailId={9} canManage={canManage} />
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return spy;
}

describe('certificate sync button (spec 2 §4.9, §8)', () => {
  it('shows the idle state with the last run, and starts a run that then shows as running', async () => {
    const spy = renderButton(async (path, method) => {
      expect(path).toBe(PATH);
      return method === 'POST' ? running : idle;
    });
    expect(await screen.findByText('Parada')).toBeInTheDocument();
    expect(screen.getByText('Última sincronização concluída em 20/11/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sincronizar certificados' }));
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    expect(screen.getByText('Sincronização de certificados iniciada')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith(PATH, 'POST');
  });

  it("says 'Sync is already in progress' when the server refuses a second run", async () => {
    let state = idle;
    renderButton(async (_path, method) => {
      if (method === 'POST') {
        state = running;
        throw toHttpError(409, { detail: 'Sync is already in progress', code: 'sync_already_in_progress' });
      }
      return state;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar certificados' }));
    expect(await screen.findByText('A sincronização já está em andamento')).toBeInTheDocument();
    // the state is read again: another run is going on
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
  });

  it('says the start failed on any other error', async () => {
    renderButton(async (_path, method) => {
      if (method === 'POST') throw toHttpError(500, { detail: 'boom', code: 'unexpected_error' });
      return idle;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar certificados' }));
    expect(await screen.findByText('Erro ao iniciar a sincronização')).toBeInTheDocument();
  });

  it('reads the state again while a run goes on, until it is idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      renderButton(async () => (++reads === 1 ? running : { ...idle, last_finished_at: '2026-11-23T10:02:00Z' }));
      expect(await screen.findByText('Em andamento')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3100);
      expect(await screen.findByText('Parada')).toBeInTheDocument();
      expect(screen.getByText('Última sincronização concluída em 23/11/2026')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is disabled without trails_manage, and says when the last run failed', async () => {
    renderButton(async () => ({ ...idle, last_run_failed: true }), false);
    expect(await screen.findByText('A última sincronização (20/11/2026) terminou com erro')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sincronizar certificados' })).toBeDisabled());
  });
});
