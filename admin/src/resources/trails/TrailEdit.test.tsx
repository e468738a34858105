import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { TRAIL_PATHS, type SessionUser, type Trail } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { wireDataProvider, wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrailEdit } from './TrailEdit.tsx';

const trail: Trail = {
  id: 7, title: 'Trilha de vendas', description: '<p>Intro</p>', image_url: null, score: 10, order: 1, availability_date: null,
  date_to_unpublish: null, trail_categories: [], tags: [1], areas: [], profiles: [], user_groups: [3], mandatory_areas: [],
  mandatory_profiles: [], qty_certificate_expiration_days: null, status: 2, training_quantity: 0, qty_items: 0, published_at: null,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function userWith(slugs = ['trails', 'trails_manage', 'trails_set_score']): SessionUser {
  return sessionUser({
    user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS } }],
    user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }],
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderEditor(path: string, serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>, user = userWith()) {
  const spy = vi.fn(serveJson);
  // the real data provider (the trails resource) and the editor's own calls over the test's server
  const dataProvider = wireDataProvider(spy, {
    getList: async () => ({ data: [{ id: 1, name: 'Product', areas: [] }], total: 1 }),
    getMany: async () => ({ data: [{ id: 1, name: 'Product', areas: [] }] }),
  } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ContractHttpProvider value={wireHttp(spy)}>
          <Routes>
            <Route path="/trails/:id/*" element={<><TrailEdit /><Where /></>} />
            <Route path="/trails" element={<Where />} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return spy;
}

describe('trail editor (spec 2 §2.2, §2.4)', () => {
  it('shows only basic data for a new trail (id 0)', async () => {
    renderEditor('/trails/0', async () => { throw new Error('nothing to read'); });
    const tabs = await screen.findByRole('tablist', { name: 'Abas da trilha' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados básicos']);
  });

  it('shows the five tabs of a saved trail and opens one by its path', async () => {
    renderEditor('/trails/7/publish', async (path) => {
      if (path === TRAIL_PATHS.item(7)) return trail;
      if (path === TRAIL_PATHS.syncCertificates(7)) return { state: 'idle', last_started_at: null, last_finished_at: null, last_run_failed: false };
      throw new Error(`unexpected ${path}`);
    });
    const tabs = await screen.findByRole('tablist', { name: 'Abas da trilha' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados básicos', 'Módulos', 'Configurar e publicar', 'Comentários', 'Avaliações']);
    expect(within(tabs).getByRole('tab', { name: 'Configurar e publicar', selected: true })).toBeInTheDocument();
    // publishing needs a module
    expect(await screen.findByRole('button', { name: 'Publicar' })).toBeDisabled();
  });

  it("returns to the list with 'Trail not found' when the trail cannot be read", async () => {
    renderEditor('/trails/99', async () => { throw toHttpError(404, { detail: 'Trail not found', code: 'trail_not_found' }); });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/trails$/));
    expect(await screen.findByText('Trilha não encontrada')).toBeInTheDocument();
  });

  it('checks the shared rules before sending, then creates and opens the saved trail', async () => {
    const bodies: unknown[] = [];
    renderEditor('/trails/0', async (path, method, body) => {
      if (path === TRAIL_PATHS.collection && method === 'POST') {
        bodies.push(body);
        return { ...trail, id: 12, title: (body as { title: string }).title };
      }
      if (path === TRAIL_PATHS.item(12)) return { ...trail, id: 12 };
      throw new Error(`unexpected ${method} ${path}`);
    });
    const title = await screen.findByLabelText('Título *');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(bodies).toHaveLength(0);
    await userEvent.type(title, 'Nova trilha de vendas');
    await userEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Grupos de usuários' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Product' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: 'Nova trilha de vendas', user_groups: [1], score: 0, order: 9999 });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trails/12'));
  });

  it('duplicates after confirmation and opens the copy', async () => {
    const spy = renderEditor('/trails/7/publish', async (path) => {
      if (path === TRAIL_PATHS.item(7)) return trail;
      if (path === TRAIL_PATHS.item(8)) return { ...trail, id: 8, title: 'Trilha de vendas (cópia)' };
      if (path === TRAIL_PATHS.duplicate(7)) return { trail_duplicated_id: 8 };
      if (path.startsWith(TRAIL_PATHS.syncCertificates(7))) return { state: 'idle', last_started_at: null, last_finished_at: null, last_run_failed: false };
      throw new Error(`unexpected ${path}`);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicar' }));
    expect(spy).not.toHaveBeenCalledWith(TRAIL_PATHS.duplicate(7), 'GET');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trails/8'));
    expect(spy).toHaveBeenCalledWith(TRAIL_PATHS.duplicate(7), 'GET');
  });
});
