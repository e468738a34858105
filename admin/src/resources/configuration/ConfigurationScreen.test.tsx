import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { CLIENT_LOGO_PATH, ClientSettings, DEFAULT_LOGIN_PARAMS, type Configuration } from '@lp/shared/contract';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { readSession } from '@lp/shared/client';
import { ConfigurationScreen } from './ConfigurationScreen.tsx';
import { logoFileProblem } from './ClientLogo.tsx';
import { SETTING_FIELDS } from './configurationFields.ts';
import { i18n, sessionUser } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));

const { languages: _l, attempts: _a, ...loginParams } = DEFAULT_LOGIN_PARAMS;
const CONFIG: Configuration = {
  client: { id: 1, name: 'Demo Retail', home_route: 'home' },
  settings: { ...DEFAULT_CLIENT_SETTINGS, has_forum: true },
  login_params: loginParams,
};

describe('ConfigurationScreen (spec 1 §2.3 configuration, §3.2–3.3)', () => {
  it('has an input for every client setting of the contract', () => {
    // the logo has its own upload input (ClientLogo), the learner menu its own screen (settings_menu)
    expect(SETTING_FIELDS.map((f) => f.key)).toEqual(Object.keys(ClientSettings.properties).filter((key) => key !== 'logo' && key !== 'learner_menu'));
    expect(SETTING_FIELDS.find((f) => f.key === 'currency')?.kind).toBe('text');
    expect(SETTING_FIELDS.find((f) => f.key === 'has_forum')?.kind).toBe('boolean');
    expect(SETTING_FIELDS.find((f) => f.key === 'title_news')?.kind).toBe('text');
  });

  it('saves the settings and login parameters, then refreshes the session the admin reads its flags from', async () => {
    const refreshed = sessionUser({ is_superuser: true, user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...CONFIG.settings, has_forum: false } }] });
    const serveJson = vi.fn(async (_path: string, method: string, body?: unknown) => (method === 'GET' ? CONFIG : { ...CONFIG, ...(body as object) }));
    const sessionUserCall = vi.fn(async () => refreshed);
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp((path, method, body) => (path === '/users/session/' ? sessionUserCall() : serveJson(path, method, body)))}>
          <ConfigurationScreen />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>,
    );
    expect(await screen.findByText('Cliente: Demo Retail')).toBeInTheDocument();
    const forum = screen.getByRole('switch', { name: 'Fórum' });
    expect(forum).toBeChecked();
    expect(screen.getByText('Treinamentos têm discussões entre os alunos')).toBeInTheDocument();
    await userEvent.click(forum);
    await userEvent.click(screen.getByRole('switch', { name: 'Em manutenção' }));
    const title = screen.getByLabelText('Nome da seção de notícias');
    await userEvent.clear(title);
    await userEvent.type(title, 'Comunicados');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(serveJson).toHaveBeenCalledWith('/admin_config/configuration/', 'PUT', expect.objectContaining({
      home_route: 'home',
      settings: expect.not.objectContaining({ logo: expect.anything() }),
      login_params: expect.objectContaining({ under_maintenance: true, colors: DEFAULT_LOGIN_PARAMS.colors }),
    })));
    expect(serveJson.mock.calls.find((call) => call[1] === 'PUT')![2]).toMatchObject({ settings: { has_forum: false, title_news: 'Comunicados' } });
    await waitFor(() => expect(sessionUserCall).toHaveBeenCalled());
    expect(readSession(window.localStorage).user?.user_clients[0]?.settings.has_forum).toBe(false);
    expect(await screen.findByText('Configuração salva')).toBeInTheDocument();
  });

  it('refuses a currency that is not an ISO 4217 code; removes the client\'s logo', async () => {
    const withLogo: Configuration = { ...CONFIG, settings: { ...CONFIG.settings, logo: '/media/clients/1/logo/abc/logo.png' } };
    const serveJson = vi.fn(async (path: string, _method: string, _body?: unknown) => (path === CLIENT_LOGO_PATH ? CONFIG : withLogo));
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(async (path, method, body) => (path === '/users/session/' ? sessionUser({}) : serveJson(path, method, body)))}>
          <ConfigurationScreen />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>,
    );
    expect(await screen.findByRole('img', { name: 'Logotipo atual do cliente' })).toHaveAttribute('src', '/media/clients/1/logo/abc/logo.png');
    const money = screen.getByLabelText('Moeda (código ISO 4217)');
    await userEvent.type(money, 'xyz');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/inválid/i)).toBeInTheDocument();
    expect(serveJson).not.toHaveBeenCalledWith('/admin_config/configuration/', 'PUT', expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Remover logotipo' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(CLIENT_LOGO_PATH, 'PUT', { upload: null }));
    expect(await screen.findByText('Sem logotipo')).toBeInTheDocument();
  });

  it('checks the logo file in the browser before uploading it (the server checks its content)', () => {
    expect(logoFileProblem(new File(['x'], 'logo.gif'))).toBe('resources.configuration.logo.not_image');
    expect(logoFileProblem(new File([new Uint8Array(3 * 1024 * 1024)], 'logo.png'))).toBe('errors.file_too_large');
    expect(logoFileProblem(new File(['x'], 'Logo.JPG'))).toBeNull();
  });
});
