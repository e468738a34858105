import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type Banner } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { BannerEdit } from './BannerEdit.tsx';
import { BannerList } from './BannerList.tsx';
import { bannerPayload, validateBannerForm } from './bannerPayload.ts';

const RESOURCE = ADMIN_RESOURCES.banners.name;
const groups = [{ id: 3, name: 'Lojas do Sul' }, { id: 4, name: 'Gerentes' }];

const banner: Banner = {
  id: 7, banner_type: 'top', title: 'Semana do atendimento', desktop_image: '/media/images/banners/a/d.png', mobile_image: null,
  button_label: 'Ver cursos', url: 'https://shop.example.com', background_color: '#ffffff', text_color: '#111111', order: 1,
  start_date: '2026-12-01', end_date: '2026-12-31', areas: [], profiles: [], user_groups: [3], status: 1,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function provider(overrides: Partial<DataProvider> = {}): DataProvider {
  return testDataProvider({
    getOne: async () => ({ data: banner }) as never,
    getList: async (resource: string) => {
      const data = resource === 'lookup_user_groups' ? groups : resource.startsWith('lookup_') ? [] : [banner];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
    ...overrides,
  });
}

function renderEdit(dataProvider: DataProvider) {
  render(
    <MemoryRouter initialEntries={[`/${RESOURCE}/7`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path={`/${RESOURCE}/:id`} element={<BannerEdit />} />
            <Route path={`/${RESOURCE}`} element={<p>lista</p>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('banner editor (spec 3 §3, §5 Banners)', () => {
  it('checks the URL rule before sending and sends only the contract fields', async () => {
    const update = vi.fn(async (_resource: string, params: { data: unknown }) => ({ data: { ...banner, ...(params.data as object) } }));
    renderEdit(provider({ update } as Partial<DataProvider>));
    const url = await screen.findByLabelText('URL');
    await userEvent.clear(url);
    await userEvent.type(url, 'http://www.loja.com');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // on the field, and in the notice that names the one problem
    expect((await screen.findAllByText('A URL deve estar sem www e começar com http:// ou com o endereço da plataforma.')).length).toBeGreaterThan(0);
    expect(update).not.toHaveBeenCalled();

    await userEvent.clear(url);
    await userEvent.type(url, `${window.location.host}/courses`);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const sent = update.mock.calls[0]![1].data as Record<string, unknown>;
    expect(sent).toMatchObject({ url: `${window.location.host}/courses`, user_groups: [3], start_date: '2026-12-01', end_date: '2026-12-31' });
    expect(sent).not.toHaveProperty('created_at');
    expect(sent).not.toHaveProperty('id');
  });

  it('shows the server’s field error and keeps what was typed', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(400, { detail: 'x', code: 'end_date_before_start_date', fields: { end_date: 'end_date_before_start_date' } });
    });
    renderEdit(provider({ update } as Partial<DataProvider>));
    const title = await screen.findByLabelText('Título *');
    await userEvent.clear(title);
    await userEvent.type(title, 'Natal');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('A data final deve ser igual ou posterior à data inicial.')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Título *')).toHaveValue('Natal');
  });
});

describe('banner list', () => {
  it('shows the place, dates and status of each banner', async () => {
    render(
      <MemoryRouter>
        <AdminContext dataProvider={provider()} i18nProvider={i18n()}>
          <ResourceContextProvider value={RESOURCE}><BannerList /></ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const row = (await screen.findByText('Semana do atendimento')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Topo')).toBeInTheDocument();
    expect(within(row).getByText('01/12/2026')).toBeInTheDocument();
    expect(within(row).getByText('31/12/2026')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
  });
});

describe('bannerPayload / validateBannerForm', () => {
  it('needs an audience and a desktop image, and clears blank dates to null', () => {
    const values = { ...banner, desktop_image: '', user_groups: [], end_date: '' };
    expect(validateBannerForm(values, 'learning.example.com')).toMatchObject({
      desktop_image: 'errors.make_sure_that_all_fields_are_filled_in', user_groups: 'errors.choose_user_groups_or_areas_and_profiles',
    });
    expect(bannerPayload(values)).toMatchObject({ desktop_image: null, end_date: null, user_groups: [] });
  });
});
