import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Badge } from '@lp/shared/contract';
import { BadgeCreate, BadgeEdit } from './BadgeEdit.tsx';
import { apiClient } from '../../apiClient.ts';
import { i18n } from '../../test/fixtures.ts';
import { wireDataProvider, wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));

const DEFAULT: Badge = {
  id: 1, badge_type: 'default', default_key: 'five_trainings', title: 'Cinco treinamentos', description: 'Concluiu cinco.', image_url: null,
  status: 1, rule_metric: 'trainings_completed', rule_threshold: 5, awarded_count: 1, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};
const AWARDS = [{ user: { id: 9, full_name: 'Lia Learner', email: 'lia@demo.local' }, awarded_at: '2026-11-21T10:00:00Z', manual: true }];

function renderAt(path: string, element: React.ReactNode, overrides: Record<string, unknown> = {}) {
  // the real data provider (the awards are the nested resource badges/{id}/awards) over the test's server
  const serveJson = vi.fn(async (url: string, _method: string, _body?: unknown) => (url.endsWith('/awards/') ? AWARDS : undefined));
  const dataProvider = wireDataProvider(serveJson, {
    getOne: async () => ({ data: DEFAULT }) as never,
    ...overrides,
  } as never);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(serveJson)}>
          <ResourceContextProvider value="badges">
            <Routes><Route path="/badges/create" element={element} /><Route path="/badges/:id" element={element} /></Routes>
          </ResourceContextProvider>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson };
}

describe('BadgeEdit (spec 3 §2 badges/{id})', () => {
  it('keeps a default badge’s rule fixed and lists who holds it, with the manual awards revocable', async () => {
    const provider = renderAt('/badges/1', <BadgeEdit />);
    expect(await screen.findByDisplayValue('Cinco treinamentos')).toBeInTheDocument();
    expect(screen.getByText(/Badge padrão: a regra é fixa/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Regra' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('Meta')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Quem conquistou' });
    expect(within(table).getByText('Lia Learner')).toBeInTheDocument();
    expect(within(table).getByText('Manualmente')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Retirar badge' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Retirar o badge Cinco treinamentos de Lia Learner?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(provider.serveJson).toHaveBeenCalledWith('/admin_badges/badges/1/awards/9/', 'DELETE'));
  });

  it('shows the target only once a rule is chosen, and checks it with the shared rule', async () => {
    const create = vi.fn(async (_resource: string, params: { data: unknown }) => ({ data: { id: 5, ...(params.data as object) } }));
    renderAt('/badges/create', <BadgeCreate />, { create });
    await userEvent.type(await screen.findByLabelText('Título *'), 'Colecionador');
    expect(screen.queryByLabelText('Meta')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Regra' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Certificados conquistados' }));
    const target = await screen.findByLabelText('Meta');
    await userEvent.clear(target);
    await userEvent.type(target, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A meta deve ser um número inteiro de 1 a 10.000.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.clear(target);
    await userEvent.type(target, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('badges', expect.objectContaining({
      data: expect.objectContaining({ title: 'Colecionador', rule_metric: 'certificates', rule_threshold: 3, status: 1 }),
    })));
    expect(vi.mocked(apiClient.request)).not.toHaveBeenCalled();
  });
});
