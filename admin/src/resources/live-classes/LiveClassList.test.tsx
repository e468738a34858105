import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type GetListParams } from 'react-admin';
import { LIVE_CLASS_PATHS, type LiveClassListItem, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { apiClient } from '../../apiClient.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { LiveClassList, liveClassesReportBody } from './LiveClassList.tsx';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
const request = vi.mocked(apiClient.request);

const row = (over: Partial<LiveClassListItem>): LiveClassListItem => ({
  id: 1, title: 'Vendas consultivas', live_class_type: 'open', live_class_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
  stream_type: 1, status: 1, maximum_participants: 20, qty_participants: 3, tags: [], created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
  ...over,
});
const ROWS = [row({}), row({ id: 2, title: 'Onboarding de líderes', live_class_type: 'closed', stream_type: 2, status: 4, maximum_participants: null, qty_participants: 5 })];
const PLATFORMS = [
  { id: 1, slug: 'external', label: 'Link externo', uses_url: true },
  { id: 2, slug: 'jitsi', label: 'Sala Jitsi Meet', uses_url: false },
];

function renderList(admin: SessionUser = adminWith(['live_classes'])) {
  updateSession(localStorage, { user: admin });
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: ROWS, total: 2 }));
  const server = vi.fn(async (path: string) => {
    if (path === LIVE_CLASS_PATHS.platformTypes) return PLATFORMS;
    throw new Error(`unexpected ${path}`);
  });
  render(
    <AdminContext dataProvider={testDataProvider({ getList } as never)} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={wireHttp(server)}>
        <ResourceContextProvider value="live_classes"><LiveClassList /></ResourceContextProvider>
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return getList;
}

describe('LiveClassList (spec 1 §2.3 /admin/live_classes)', () => {
  it('shows title, type, date with its timezone, platform, participants against the seats and status; latest date first', async () => {
    const getList = renderList();
    const open = (await screen.findByText('Vendas consultivas')).closest('tr') as HTMLElement;
    expect(within(open).getByText('Aberta')).toBeInTheDocument();
    expect(within(open).getByText('10/12/2026 19:00 (America/Sao_Paulo)')).toBeInTheDocument();
    expect(await within(open).findByText('Link externo')).toBeInTheDocument();
    expect(within(open).getByText('3/20')).toBeInTheDocument();
    expect(within(open).getByText('Publicada')).toBeInTheDocument();
    const closed = screen.getByText('Onboarding de líderes').closest('tr') as HTMLElement;
    expect(within(closed).getByText('Fechada')).toBeInTheDocument();
    expect(within(closed).getByText('Sala Jitsi Meet')).toBeInTheDocument();
    // no seats assigned: the invitees alone
    expect(within(closed).getByText('5')).toBeInTheDocument();
    expect(within(closed).getByText('Finalizada')).toBeInTheDocument();
    expect(getList.mock.calls[0]?.[0]).toBe('live_classes');
    expect(getList.mock.calls[0]?.[1].sort).toEqual({ field: 'live_class_date', order: 'DESC' });
  });

  it('offers "create" only with live_classes_manage (spec 1 §6.2)', async () => {
    renderList();
    await screen.findByText('Vendas consultivas');
    expect(screen.queryByRole('link', { name: /criar/i })).not.toBeInTheDocument();
    cleanup();
    renderList(adminWith(['live_classes', 'live_classes_manage']));
    await screen.findByText('Vendas consultivas');
    expect(screen.getByRole('link', { name: /criar/i })).toBeInTheDocument();
  });

  it('filters by type and status through the list query', async () => {
    // spec 1 §6.2: the list's item and the Excel reports item
    const getList = renderList(adminWith(['live_classes', 'reports']));
    await screen.findByText('Vendas consultivas');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fechada' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ live_class_type: 'closed' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finalizada' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ live_class_type: 'closed', status: 4 }));
  });
});

describe('LiveClassList report button (spec 3 §9, spec 1 §4.4)', () => {
  beforeEach(() => { request.mockReset(); });
  const button = () => screen.findByRole('button', { name: 'Exportar relatório' });
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  it('asks for the report with the list filters, says it goes by e-mail and then waits 5 minutes', async () => {
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'report_processing', report: 'live_classes', requested_at: new Date().toISOString() }), { status: 202 }));
    // spec 1 §6.2: the list's item and the Excel reports item
    const getList = renderList(adminWith(['live_classes', 'reports']));
    await screen.findByText('Vendas consultivas');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fechada' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ live_class_type: 'closed' }));
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(await screen.findByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(LIVE_CLASS_PATHS.report, { method: 'POST', body: JSON.stringify({ live_class_type: 'closed' }) });
    expect(await button()).toBeDisabled();
  });

  it('is disabled after a request under 5 minutes old, except for a superuser', async () => {
    renderList(adminWith(['live_classes', 'reports'], { last_report_requests: { live_classes: minutesAgo(2) } }));
    await waitFor(async () => expect(await button()).toBeDisabled());
  });

  it('is not offered without the reports item', async () => {
    renderList(adminWith(['live_classes']));
    await screen.findByText('Vendas consultivas');
    expect(screen.queryByRole('button', { name: 'Exportar relatório' })).not.toBeInTheDocument();
  });

  it('stays enabled for a superuser right after a request', async () => {
    renderList(adminWith(['live_classes'], { is_superuser: true, last_report_requests: { live_classes: minutesAgo(0) } }));
    await waitFor(async () => expect(await button()).toBeEnabled());
  });

  it('maps the filters to the report body: search trimmed, status, type; the platform is not a report filter', () => {
    expect(liveClassesReportBody({ q: '  vendas ', status: 4, live_class_type: 'open', stream_type: 2 }))
      .toEqual({ search: 'vendas', status: 4, live_class_type: 'open' });
    expect(liveClassesReportBody({ q: ' ', status: '', live_class_type: 'other' })).toEqual({});
  });
});
