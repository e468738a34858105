import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { WEBCAST_PATHS } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { mockHttp, wireDataProvider } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { SUBSCRIBER_ROWS_STORE, WebcastSubscribersTab } from './WebcastSubscribersTab.tsx';

const guest = (id: number, profile: string | null = 'vendedor') => ({
  id, subscribed_at: '2026-11-20T10:00:00.000Z', list_users: { id: id + 100, name: `Pessoa ${id}`, email: `p${id}@example.com`, profile },
});

function renderTab({ count = 12, canManage = true, store = memoryStore() } = {}) {
  const serveJson = vi.fn(async (path: string, _method?: string, _body?: unknown) => {
    if (path.startsWith(WEBCAST_PATHS.guestReport(9))) return { path_url: '/api/files/webcast_guest_lists/abcdefghijklmnopqrstuvwx.xlsx/' };
    const size = Number(new URL(path, 'http://x').searchParams.get('page_size'));
    return { count, results: Array.from({ length: Math.min(size, count) }, (_, i) => guest(i + 1)) };
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={wireDataProvider(serveJson)} i18nProvider={i18n()}
        authProvider={authFor(sessionUser())} store={store}>
        <ContractHttpProvider value={mockHttp({ serveJson })}>
          <WebcastSubscribersTab webcastId={9} canManage={canManage} />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson, store };
}

afterEach(() => vi.restoreAllMocks());

describe('webcast subscribers tab (spec 2 §2.5)', () => {
  it('lists #, name, email and the profile capitalised, 5 rows by default; the chosen size is remembered', async () => {
    const { serveJson, store } = renderTab();
    const table = await screen.findByRole('table', { name: 'Inscritos' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(serveJson).toHaveBeenCalledWith(`${WEBCAST_PATHS.guests(9)}?page=1&page_size=5`, 'GET');
    expect(within(table).getAllByText('Vendedor')).toHaveLength(5);
    expect(within(table).getByText('p1@example.com')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Linhas por página/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(`${WEBCAST_PATHS.guests(9)}?page=1&page_size=10`, 'GET'));
    expect(store.getItem(SUBSCRIBER_ROWS_STORE)).toBe(10);
  });

  it('downloads the guest list with the bearer token, saying it is being generated', async () => {
    let finish: (res: Response) => void = () => undefined;
    const request = vi.spyOn(apiClient, 'request').mockImplementation(() => new Promise<Response>((resolve) => { finish = resolve; }));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderTab();
    const button = await screen.findByRole('button', { name: 'Baixar lista de convidados' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Gerando a lista de convidados para download…')).toBeInTheDocument();
    await waitFor(() => expect(request).toHaveBeenCalledWith('/files/webcast_guest_lists/abcdefghijklmnopqrstuvwx.xlsx/'));
    finish(new Response(new Blob(['x']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="convidados.xlsx"' } }));
    await waitFor(() => expect(screen.queryByText('Gerando a lista de convidados para download…')).not.toBeInTheDocument());
  });

  it('disables the download without subscribers, and without webcasts_manage', async () => {
    renderTab({ count: 0 });
    expect(await screen.findByText('Nenhum inscrito')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar lista de convidados' })).toBeDisabled();
  });

  it('disables the download without webcasts_manage (spec 2 §6)', async () => {
    renderTab({ canManage: false });
    await screen.findByText('Pessoa 1');
    expect(screen.getByRole('button', { name: 'Baixar lista de convidados' })).toBeDisabled();
  });
});
