import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, BANNER_PATHS, type WelcomeBanner } from '@lp/shared/contract';
import { todayApiDate } from '@lp/shared/rules';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { i18n } from '../../test/fixtures.ts';
import { WelcomeBannerEdit } from './WelcomeBannerEdit.tsx';
import { validateWelcomeBannerForm, welcomeBannerPayload } from './welcomeBannerPayload.ts';

const RESOURCE = ADMIN_RESOURCES.welcome_banners.name;
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const banner: WelcomeBanner = {
  id: 5, welcome_banner_type: 'image', title: 'Bem-vindo', text: '', desktop_image: '/media/images/welcome_banners/a/d.png', mobile_image: null,
  start_date: day(2), end_date: day(9), areas: [], profiles: [], user_groups: [3], just_confirm: true, user_logout: false, status: 1,
  confirmations: 12, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function renderEdit(serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>, update = vi.fn()) {
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: banner }) as never,
    getList: async (resource: string) => ({ data: resource === 'lookup_user_groups' ? [{ id: 3, name: 'Lojas do Sul' }] : [], total: 0 }) as never,
    getMany: async () => ({ data: [] }) as never,
    update,
  } as unknown as Partial<DataProvider>);
  const server = vi.fn(serveJson);
  render(
    <MemoryRouter initialEntries={[`/${RESOURCE}/5`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(server)}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/:id`} element={<WelcomeBannerEdit />} />
            </Routes>
          </ResourceContextProvider>
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson: server };
}

describe('welcome banner editor (spec 3 §5 Welcome banners, §7 conflict check)', () => {
  it('warns of an active banner holding the audience in the period, before saving', async () => {
    const provider = renderEdit(async () =>
      ({ conflict: { code: 'welcome_banner_conflict', id: 9, title: 'Campanha de verão', start_date: '2026-12-01', end_date: null } }));
    await waitFor(() => expect(provider.serveJson).toHaveBeenCalled(), { timeout: 8000 });
    expect(await screen.findByText(/Já existe um banner de boas-vindas ativo para o perfil, área ou grupo no mesmo período\./, {}, { timeout: 3000 }))
      .toBeInTheDocument();
    expect(screen.getByText(/Banner em conflito: "Campanha de verão" \(01\/12\/2026 a sem data final\)\./)).toBeInTheDocument();
    expect(provider.serveJson).toHaveBeenLastCalledWith(BANNER_PATHS.welcomeConflict, 'POST', {
      id: 5, start_date: banner.start_date, end_date: banner.end_date, areas: [], profiles: [], user_groups: [3],
    });
  });

  it('shows the just_confirm and user_logout options, and refuses a start date before today', async () => {
    const update = vi.fn();
    renderEdit(async () => ({ conflict: null }), update);
    expect(await screen.findByRole('switch', { name: 'Apenas confirmar' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sair ao recusar' })).not.toBeChecked();
    const start = screen.getByLabelText('Data inicial *');
    await userEvent.clear(start);
    await userEvent.type(start, day(-1));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A data é anterior a hoje.')).toBeInTheDocument();
    await waitFor(() => expect(update).not.toHaveBeenCalled());
  });
});

describe('welcomeBannerPayload', () => {
  it('keeps the text only for the image-and-text type and checks the start date against today', () => {
    expect(welcomeBannerPayload({ ...banner, text: '<p>Oi</p>' }).text).toBe('');
    expect(welcomeBannerPayload({ ...banner, welcome_banner_type: 'image_and_text', text: '<p>Oi</p>' }).text).toBe('<p>Oi</p>');
    expect(validateWelcomeBannerForm({ ...banner, start_date: day(-1) }, null)).toEqual({ start_date: 'errors.welcome_banner_start_before_today' });
    // an edited banner that is already running keeps its start date
    expect(validateWelcomeBannerForm({ ...banner, start_date: day(-1) }, day(-1))).toEqual({});
    expect(validateWelcomeBannerForm({ ...banner, start_date: todayApiDate() }, null)).toEqual({});
  });
});
