import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider } from 'react-admin';
import { PRESENTIAL_PATHS, type AppointmentListItem, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { apiClient } from '../../apiClient.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { AppointmentList, appointmentsReportBody } from './AppointmentList.tsx';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
const request = vi.mocked(apiClient.request);

const row = (over: Partial<AppointmentListItem>): AppointmentListItem => ({
  id: 1, display_title: 'Vendas presencial', course_code: 'VND-1', appointment_type: 'Sala', training_type: 'open', status: 'awaiting_approval',
  first_date: '2026-12-10', events_count: 1, qty_participants: 3, maximum_participants: 20, actions: ['approve', 'reprove', 'cancel'], created_at: '2026-11-20T10:00:00Z',
  ...over,
});

function renderList(rows: AppointmentListItem[], admin: SessionUser = adminWith(['approve_events', 'cancel_events'])) {
  updateSession(localStorage, { user: admin });
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  const server = vi.fn(async (_path: string, _method: string, _body?: unknown) => ({ ...rows[0], status: 'approved', actions: [] }));
  render(
    <AdminContext dataProvider={testDataProvider({ getList } as never)} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={wireHttp(server)}>
        <ResourceContextProvider value="presential/appointments"><AppointmentList /></ResourceContextProvider>
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return { getList, server };
}

describe('AppointmentList (spec 3 §2 "appointment list with request, approve, reprove, cancel and finish actions")', () => {
  it('shows each row with its status, seats and only the actions the server allows the user', async () => {
    renderList([row({}), row({ id: 2, display_title: 'Pós-venda', status: 'finished', actions: [], maximum_participants: null, qty_participants: 5 })]);
    const open = (await screen.findByText('Vendas presencial')).closest('tr') as HTMLElement;
    expect(within(open).getByText('Aguardando aprovação')).toBeInTheDocument();
    expect(within(open).getByText('3/20')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Reprovar' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    const done = screen.getByText('Pós-venda').closest('tr') as HTMLElement;
    expect(within(done).getByText('Finalizado')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
    // appointments end through the workflow (cancel), and the server has no delete: no dead button
    expect(within(open).queryByRole('button', { name: /Excluir|Apagar|Delete/ })).not.toBeInTheDocument();
    expect(within(open).getByRole('link', { name: /Editar/ })).toBeInTheDocument();
  });

  it('approves at once; cancels only after the irreversible confirmation, with the reason', async () => {
    const { server } = renderList([row({})]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(server).toHaveBeenCalledWith(PRESENTIAL_PATHS.action(1, 'approve'), 'POST', {});
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta ação não pode ser desfeita. Continuar?')).toBeInTheDocument();
    expect(server).toHaveBeenCalledTimes(1);
    await user.type(within(dialog).getByLabelText('Motivo'), 'Adiado');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(server).toHaveBeenLastCalledWith(PRESENTIAL_PATHS.action(1, 'cancel'), 'POST', { note: 'Adiado' });
  });
});

describe('AppointmentList report button (spec 3 §9 "appointments", spec 1 §4.4, §6.2 reports_manager)', () => {
  beforeEach(() => { request.mockReset(); });
  const button = () => screen.findByRole('button', { name: 'Exportar relatório' });
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  it('asks for the report with the list filters, says it goes by e-mail and then waits 5 minutes', async () => {
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'report_processing', report: 'appointments', requested_at: new Date().toISOString() }), { status: 202 }));
    const { getList } = renderList([row({})], adminWith(['finish_events', 'reports_manager']));
    await screen.findByText('Vendas presencial');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finalizado' }));
    await waitFor(() => expect((getList.mock.calls.at(-1) as unknown as [string, { filter: object }] | undefined)?.[1].filter).toEqual({ status: 'finished' }));
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(await screen.findByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(PRESENTIAL_PATHS.report, { method: 'POST', body: JSON.stringify({ status: 'finished' }) });
    expect(await button()).toBeDisabled();
  });

  it('is disabled after a request under 5 minutes old', async () => {
    renderList([row({})], adminWith(['finish_events', 'reports_manager'], { last_report_requests: { appointments: minutesAgo(2) } }));
    await waitFor(async () => expect(await button()).toBeDisabled());
  });

  it('is not offered without reports_manager (the Excel reports item is not enough)', async () => {
    renderList([row({})], adminWith(['finish_events', 'reports']));
    await screen.findByText('Vendas presencial');
    expect(screen.queryByRole('button', { name: 'Exportar relatório' })).not.toBeInTheDocument();
  });

  it('stays enabled for a superuser right after a request', async () => {
    renderList([row({})], adminWith([], { is_superuser: true, last_report_requests: { appointments: minutesAgo(0) } }));
    await waitFor(async () => expect(await button()).toBeEnabled());
  });

  it('maps the filters to the report body', () => {
    expect(appointmentsReportBody({ q: '  vendas ', status: 'approved', training_type: 'closed', appointment_type_id: '3' }))
      .toEqual({ search: 'vendas', appointment_type_id: 3, status: 'approved', training_type: 'closed' });
    expect(appointmentsReportBody({ q: ' ', status: '' })).toEqual({});
  });
});
