import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { WildCardCreate, WildCardEdit, validateWildCard } from './WildCardEdit.tsx';
import { WILD_CARD_EDITOR_ALIAS, WildCardRedirect } from './WildCardRedirect.tsx';
import { i18n } from '../../test/fixtures.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));

const PAGE = {
  id: 4, title: 'Política de trocas', slug: 'politica-de-trocas', content: '<p>Trocas em 30 dias</p>', status: 1,
  areas: [], profiles: [], user_groups: [2], created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string, create = vi.fn()) {
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: PAGE }) as never,
    getList: async () => ({ data: [{ id: 2, name: 'Onboarding 2026' }], total: 1 }) as never,
    getMany: async () => ({ data: [] }) as never,
    create,
  } as never);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value="wild_cards">
          <Routes>
            <Route path="/wild_cards/create" element={<WildCardCreate />} />
            <Route path="/wild_cards/:id" element={<><WildCardEdit /><Where /></>} />
            <Route path={WILD_CARD_EDITOR_ALIAS} element={<WildCardRedirect />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('wildcard page editor (spec 1 §2.3 wild_cards, wild_card/{id}; §5.5 slug helper)', () => {
  it('opens from the spec’s wild_card/{id} path and shows the page’s portal address', async () => {
    renderAt('/wild_card/4');
    expect(await screen.findByDisplayValue('Política de trocas')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/wild_cards/4');
    expect(screen.getByLabelText('Link da página')).toHaveValue(`${window.location.origin}/p/politica-de-trocas`);
  });

  it('makes the slug from the title with the slug helper, and refuses one it could not have written', async () => {
    renderAt('/wild_cards/create');
    await userEvent.type(await screen.findByLabelText('Título *'), 'Férias & Folgas 100%');
    expect(screen.getByLabelText('Link da página')).toHaveValue(`${window.location.origin}/p/ferias-folgas-100pct`);
    await userEvent.click(screen.getByRole('button', { name: 'Gerar do título' }));
    expect(screen.getByLabelText('Endereço (slug)')).toHaveValue('ferias-folgas-100pct');
    await userEvent.clear(screen.getByLabelText('Endereço (slug)'));
    await userEvent.type(screen.getByLabelText('Endereço (slug)'), 'Férias');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Use apenas letras minúsculas sem acento/)).toBeInTheDocument();
  });
});

describe('validateWildCard', () => {
  it('applies the server’s rules: title, slug, content and the audience rule', () => {
    const base = { title: 'Guia', slug: '', content: '<p>Texto</p>', status: 1, user_groups: [2] };
    expect(validateWildCard(base)).toEqual({});
    expect(validateWildCard({ ...base, title: '' })).toMatchObject({ title: 'errors.make_sure_that_all_fields_are_filled_in' });
    expect(validateWildCard({ ...base, title: 'x'.repeat(257) })).toMatchObject({ title: 'errors.title_too_long' });
    expect(validateWildCard({ ...base, slug: 'Guia' })).toEqual({ slug: 'errors.invalid_slug' });
    expect(validateWildCard({ ...base, content: '<p><br></p>' })).toEqual({ content: 'errors.make_sure_that_all_fields_are_filled_in' });
    expect(validateWildCard({ ...base, user_groups: [] })).toMatchObject({ areas: 'errors.make_sure_that_all_fields_are_filled_in', user_groups: 'errors.choose_user_groups_or_areas_and_profiles' });
    expect(validateWildCard({ ...base, user_groups: [], areas: [1] })).toEqual({ profiles: 'errors.make_sure_that_all_fields_are_filled_in' });
  });
});

