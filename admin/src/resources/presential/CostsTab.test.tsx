import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { PRESENTIAL_RESULT_PATHS as R, type AppointmentCosts, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { CostsTab } from './CostsTab.tsx';

const side = { participants_count: 4, events: 50_000, participants: 40_000, additional: 0, materials: 5_000, total: 95_000, per_participant: 23_750 };
const costs: AppointmentCosts = {
  currency: 'BRL', expected_participants: 4, expected_cost_per_participant: 10_000,
  events: [{ id: 5, date: '2026-12-10', location_name: 'Sala 1', cost: 50_000, actual_cost: null, participants: 2, participants_cost: 20_000, total: 70_000 }],
  additional: [],
  materials: [{ material_id: 1, name: 'Apostila', quantity: 4, value: 1_250, total: 5_000 }],
  expected: side,
  actual: { ...side, participants_count: 2, participants: 20_000, total: 75_000, per_participant: 37_500 },
  difference: -20_000,
};

function renderTab(admin: SessionUser) {
  updateSession(localStorage, { user: admin });
  const server = vi.fn(async (path: string, method: string) => {
    if (path === R.costs(3)) return method === 'GET' ? costs : { ...costs, expected_cost_per_participant: 12_000 };
    throw new Error(`unexpected ${method} ${path}`);
  });
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ContractHttpProvider value={wireHttp(server)}><CostsTab appointmentId={3} /></ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return { server };
}

const money = (text: string) => text.replace(/\s/g, ' ');

describe('CostsTab (spec 3 §3 "Costs")', () => {
  it('shows money in the user\'s locale and recomputes the totals as one types; an additional cost splits in installments', async () => {
    const { server } = renderTab(adminWith(['finish_events', 'presential_edit_basic_data']));
    const user = userEvent.setup();
    const totals = await screen.findByRole('table', { name: 'Previsto x real' });
    const grand = within(totals).getByText('Total geral do agendamento').closest('tr') as HTMLElement;
    expect(money(grand.textContent!)).toContain('R$ 950,00');

    await user.click(screen.getByRole('button', { name: 'Adicionar custo' }));
    const description = screen.getAllByLabelText('Descrição').at(-1)!;
    await user.type(description, 'Coffee break');
    const unit = screen.getAllByLabelText('Valor unitário').at(-1)!;
    await user.clear(unit);
    await user.type(unit, '100,00');
    const installments = screen.getAllByLabelText('Parcelas').at(-1)!;
    await user.clear(installments);
    await user.type(installments, '3');
    // 100,00 in 3 installments: the leftover cent goes first
    expect(money(description.closest('tr')!.textContent!)).toContain('R$ 33,34 + R$ 33,33 + R$ 33,33');
    expect(money(grand.textContent!)).toContain('R$ 1.050,00');

    await user.click(screen.getByRole('button', { name: 'Salvar custos' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(R.costs(3), 'PUT', {
      expected_cost_per_participant: 10_000,
      events: [{ id: 5, cost: 50_000, actual_cost: null }],
      additional: [{ description: 'Coffee break', quantity: 1, unit_value: 10_000, installments: 3, actual_value: null }],
    }));
    expect(await screen.findByText('Custos salvos')).toBeInTheDocument();
  });

  it('refuses an amount that is not money before saving', async () => {
    renderTab(adminWith(['finish_events', 'presential_edit_basic_data']));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Custo previsto por participante');
    await user.clear(field);
    await user.type(field, '1.234,56');
    expect(screen.getByText('Informe um valor como 1234,56')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar custos' })).toBeDisabled();
  });

  it('is read-only without presential_edit_basic_data', async () => {
    renderTab(adminWith(['approve_events']));
    expect(await screen.findByLabelText('Custo previsto por participante')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar custos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar custo' })).not.toBeInTheDocument();
  });
});
