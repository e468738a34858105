import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { ClientSettings, DEFAULT_LOGIN_PARAMS, type Configuration } from '@lp/shared/contract';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { readSession } from '@lp/shared/client';
import { ConfigurationScreen } from './ConfigurationScreen.tsx';
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
    expect(SETTING_FIELDS.map((f) => f.key)).toEqual(Object.keys(ClientSettings.properties));
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
      settings: expect.objectContaining({ has_forum: false, title_news: 'Comunicados' }),
      login_params: expect.objectContaining({ under_maintenance: true, colors: DEFAULT_LOGIN_PARAMS.colors }),
    })));
    await waitFor(() => expect(sessionUserCall).toHaveBeenCalled());
    expect(readSession(window.localStorage).user?.user_clients[0]?.settings.has_forum).toBe(false);
    expect(await screen.findByText('Configuração salva')).toBeInTheDocument();
  });
});
