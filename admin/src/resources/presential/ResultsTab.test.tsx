import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { PRESENTIAL_RESULT_PATHS as R, type AppointmentResults, type GuestResultRow, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { ResultsTab } from './ResultsTab.tsx';

const row = (over: Partial<GuestResultRow>): GuestResultRow => ({
  enrollment_id: 11, event_id: 5, user: { id: 21, name: 'Ana Araújo', email: null, branch: 'Loja Centro' }, invited: true, presence: null, result: null,
  score: null, correct_answers: null, from_test: false, signature: false, observation: '', motive: '', partner_branch_id: null, partner_branch: null,
  certified: false, ...over,
});
const answer = (over: Partial<AppointmentResults> = {}): AppointmentResults => ({
  appointment_id: 3, status: 'finished', minimum_score: 70, points: 10, points_category: 'training_kpi', finalized_at: null, finalized_by: null,
  finalize_refusal: 'all_users_results_must_be_filled_in',
  rows: [row({}), row({ enrollment_id: 12, user: { id: 22, name: 'Bruno Lima', email: null, branch: null }, invited: false, score: 85, correct_answers: 8, from_test: true })],
  ...over,
});

function renderTab(data: AppointmentResults, admin: SessionUser) {
  updateSession(localStorage, { user: admin });
  const server = vi.fn(async (path: string, method: string, body?: unknown) => {
    if (path === R.results(3) && method === 'GET') return data;
    if (path === R.results(3) && method === 'PUT') {
      const rows = (body as { rows: Partial<GuestResultRow>[] }).rows;
      return { ...data, rows: data.rows.map((r) => ({ ...r, ...rows.find((x) => x.enrollment_id === r.enrollment_id) })), finalize_refusal: null };
    }
    if (path === R.finalize(3)) return { ...data, finalized_at: '2026-12-10T18:00:00Z', finalized_by: { id: 2, full_name: 'Igor Instructor' }, finalize_refusal: null };
    if (path.startsWith(R.printUsers(3))) return { pdf: true };
    throw new Error(`unexpected ${method} ${path}`);
  });
  const getList = vi.fn(async () => ({ data: [{ id: 4, name: 'Loja Parceira' }], total: 1 }));
  render(
    <AdminContext dataProvider={testDataProvider({ getList } as never)} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={wireHttp(server)}><ResultsTab appointmentId={3} /></ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return { server };
}

afterEach(() => vi.restoreAllMocks());

describe('ResultsTab (spec 3 §2 Results, §3 "Guest / participant", §4 "Training results")', () => {
  it('shows each guest with the spec\'s fields and the event test\'s prefill; saves the grid', async () => {
    const { server } = renderTab(answer(), adminWith(['finish_events', 'presential_save_results']));
    const user = userEvent.setup();
    const ana = (await screen.findByText('Ana Araújo')).closest('tr') as HTMLElement;
    expect(within(ana).getByText('Loja Centro')).toBeInTheDocument();
    expect(within(ana).getByRole('checkbox', { name: 'Convidado Ana Araújo' })).toBeChecked();
    const bruno = screen.getByText('Bruno Lima').closest('tr') as HTMLElement;
    expect(within(bruno).getByLabelText('Nota')).toHaveValue(85);
    expect(within(bruno).getByText('Da prova do evento')).toBeInTheDocument();
    // the refusal the server computed is shown beside the buttons
    expect(screen.getByText('Todos os resultados dos usuários devem ser preenchidos')).toBeInTheDocument();

    await user.click(within(ana).getByLabelText('Presença'));
    await user.click(await screen.findByRole('option', { name: 'Presente' }));
    await user.click(within(ana).getByLabelText('Resultado'));
    await user.click(await screen.findByRole('option', { name: 'Aprovado' }));
    await user.click(within(ana).getByRole('checkbox', { name: 'Assinatura Ana Araújo' }));
    await user.type(within(ana).getByLabelText('Observação'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(R.results(3), 'PUT', expect.anything()));
    const body = server.mock.calls.find((c) => c[1] === 'PUT')![2] as { points: number; points_category: string; rows: Record<string, unknown>[] };
    expect(body.points).toBe(10);
    expect(body.points_category).toBe('training_kpi');
    expect(body.rows[0]).toEqual({
      enrollment_id: 11, invited: true, presence: 'present', result: 'approved', score: null, correct_answers: null, signature: true, observation: 'ok', motive: '', partner_branch_id: null,
    });
    // the prefilled score is saved as the guest's
    expect(body.rows[1]).toMatchObject({ enrollment_id: 12, score: 85, correct_answers: 8 });
    expect(await screen.findByText('Resultados salvos')).toBeInTheDocument();
  });

  it('finalizes only after the irreversible confirmation, then shows the grid read-only', async () => {
    const { server } = renderTab(answer(), adminWith(['finish_events', 'presential_save_results']));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finalizar resultados' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Esta ação não pode ser desfeita/)).toBeInTheDocument();
    expect(server).not.toHaveBeenCalledWith(R.finalize(3), 'POST');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(R.finalize(3), 'POST'));
    // what is on screen is saved first
    const order = server.mock.calls.map((c) => `${c[1]} ${c[0]}`);
    expect(order.indexOf(`PUT ${R.results(3)}`)).toBeLessThan(order.indexOf(`POST ${R.finalize(3)}`));
    expect(await screen.findByText(/Resultados finalizados em .* por Igor Instructor/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar resultados' })).not.toBeInTheDocument();
  });

  it('an absent guest cannot be approved: the row says why and saving waits', async () => {
    renderTab(answer({ rows: [row({ presence: 'absent', result: 'approved' })] }), adminWith(['finish_events', 'presential_save_results']));
    expect(await screen.findByText('Um participante ausente não pode ser aprovado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar resultados' })).toBeDisabled();
  });

  it('finalizing waits for the instructor to finish the event (event_not_finished)', async () => {
    renderTab(answer({ status: 'in_progress', finalize_refusal: 'event_not_finished' }), adminWith(['finish_events', 'presential_save_results']));
    expect(await screen.findByText('Treinamento não concluído pelo instrutor, aguarde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar resultados' })).toBeDisabled();
    // attendance is still taken during the event
    expect(screen.getByRole('button', { name: 'Salvar resultados' })).toBeEnabled();
  });

  it('without presential_save_results the grid is read-only; print buttons follow their own keys', async () => {
    renderTab(answer(), adminWith(['approve_events', 'presential_print_users']));
    const ana = (await screen.findByText('Ana Araújo')).closest('tr') as HTMLElement;
    expect(within(ana).getByRole('checkbox', { name: 'Convidado Ana Araújo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar resultados' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar resultados' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir lista de presença' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir resultados do evento' })).not.toBeInTheDocument();
  });

  it('prints in a new tab; a blocked window offers a link instead (spec 1 §8.5 "Window blocked")', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(tab as unknown as Window).mockReturnValueOnce(null);
    URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
    URL.revokeObjectURL = vi.fn();
    renderTab(answer(), adminWith(['approve_events', 'presential_print_users']));
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Imprimir lista de presença' });
    await user.click(button);
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.click(button);
    const link = await screen.findByRole('link', { name: /Janela bloqueada/ });
    expect(link).toHaveAttribute('href', 'blob:pdf-1');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
