import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS, guessTimezone } from '@lp/shared/rules';
import { ADMIN_RESOURCES, WEBCAST_PATHS, type SessionUser, type Webcast, type WebcastListItem } from '@lp/shared/contract';
import { recordQueryKey } from '../../common/editor/index.ts';
import { apiClient } from '../../apiClient.ts';
import { mockHttp, wireDataProvider } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { WebcastEdit } from './WebcastEdit.tsx';
import { visibleWebcastTabs } from './webcastTabs.ts';

const webcast = (extra: Partial<Webcast> = {}): Webcast => ({
  id: 9, title: 'Lançamento', description: '<p>Ao vivo</p>', code: null, webcast_type: 1, embed: 'https://www.youtube.com/watch?v=x',
  status: 1, profiles: [], areas: [], user_groups: [3], tags: [1], use_chat: true, chat_moderated: true,
  transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo', transmission_completed: false, transmission_downloaded: false,
  score: 10, webcast_player_hls_playback_url: null, workload: 1, webcast_lounge_template: '', webcast_images: [], webcast_image_alt_texts: [],
  unpublish_date: null, public_url: 'http://x/webinars/9', qty_subscribers: 0, ...extra,
});

const TYPES = [
  { id: 1, value: 1, slug: 'youtube_live', label: 'YouTube', uses_embed: true },
  { id: 2, value: 2, slug: 'browser_streaming', label: 'Transmissão pelo navegador', uses_embed: false },
];

function userWith(settings: Partial<typeof DEFAULT_CLIENT_SETTINGS> = {}, slugs = ['webcasts', 'webcasts_manage', 'webcast_set_score']): SessionUser {
  return sessionUser({
    user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS, ...settings } }],
    user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }],
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderEditor(
  path: string, user: SessionUser, record: Webcast | null, serveJson = vi.fn(async (_path: string, _method: string, _body?: unknown) => undefined as unknown),
  queryClient?: QueryClient,
) {
  const answer = async (p: string, method: string, body?: unknown) => {
    if (p === WEBCAST_PATHS.types) return TYPES;
    if (record && p === WEBCAST_PATHS.item(record.id) && method === 'GET') return record;
    return serveJson(p, method, body);
  };
  // the real data provider (the webcasts resource) and the editor's own calls over the test's server
  const dataProvider = wireDataProvider(answer, {
    getList: async () => ({ data: [{ id: 1, name: 'Produto', areas: [] }], total: 1 }),
    getMany: async () => ({ data: [{ id: 1, name: 'Produto', areas: [] }] }),
  } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)} queryClient={queryClient}>
        <ContractHttpProvider value={mockHttp({ serveJson: answer })}>
          <Routes>
            <Route path="/webcasts/:id/*" element={<><WebcastEdit /><Where /></>} />
            <Route path="/webcasts" element={<Where />} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return serveJson;
}

const tabNames = async () => {
  const tabs = await screen.findByRole('tablist', { name: 'Abas do webinar' });
  return within(tabs).getAllByRole('tab').map((tab) => tab.textContent);
};

afterEach(() => vi.restoreAllMocks());

describe('webcast tab rules (spec 2 §2.5)', () => {
  const saved = { saved: true, webcastType: 1, useChat: false, useComments: true };
  it('event_data only for a new webcast; the others for a saved one; stream for type 2; chat with use_chat; comments by the flag', () => {
    expect(visibleWebcastTabs({ ...saved, saved: false, webcastType: 2, useChat: true })).toEqual(['event_data']);
    expect(visibleWebcastTabs(saved)).toEqual(['event_data', 'subscribers', 'tests', 'support_material', 'reaction_tests', 'comments']);
    expect(visibleWebcastTabs({ ...saved, webcastType: 2 })).toContain('stream');
    expect(visibleWebcastTabs({ ...saved, useChat: true })).toContain('chat_moderation');
    expect(visibleWebcastTabs({ ...saved, useComments: false })).not.toContain('comments');
  });
});

describe('webcast editor (spec 2 §2.5)', () => {
  it('shows only event data for a new webcast, with the browser\'s timezone and an editable type', async () => {
    renderEditor('/webcasts/0', userWith(), null);
    expect(await tabNames()).toEqual(['Dados do evento']);
    const type = await screen.findByRole('combobox', { name: 'Tipo de transmissão' });
    expect(type).not.toHaveAttribute('aria-disabled', 'true');
    expect((screen.getByRole('combobox', { name: 'Fuso horário' }) as HTMLInputElement).value).toMatch(new RegExp(`\\) ${guessTimezone()}$`));
    // the embed is asked for types 1, 3 and 5 (type 1 is the default)
    expect(screen.getByRole('textbox', { name: 'URL da transmissão' })).toBeInTheDocument();
  });

  it('offers the tabs of a saved browser-streaming webcast with chat, in the spec\'s order', async () => {
    renderEditor('/webcasts/9', userWith({ use_comments_webcast: true }), webcast({ webcast_type: 2, embed: 'none', use_chat: true }));
    await waitFor(async () => expect(await tabNames()).toEqual([
      'Dados do evento', 'Inscritos', 'Testes', 'Material de apoio', 'Avaliações de reação', 'Transmissão', 'Moderação do chat', 'Avaliações',
    ]));
    // type 2 has no embed
    expect(screen.queryByRole('textbox', { name: 'URL da transmissão' })).not.toBeInTheDocument();
  });

  it('hides stream for other types, chat without use_chat, and comments without use_comments_webcast', async () => {
    renderEditor('/webcasts/9', userWith({ use_comments_webcast: false }), webcast({ use_chat: false }));
    // the last tab comes with the record; then the whole list is read once (a role query over this
    // form takes most of a second in jsdom, more than waitFor's default interval budget under load)
    await screen.findByRole('tab', { name: 'Avaliações de reação' }, { timeout: 10_000 });
    expect(await tabNames()).toEqual(['Dados do evento', 'Inscritos', 'Testes', 'Material de apoio', 'Avaliações de reação']);
  });

  it('opened from the list, waits for GET W/ rather than read the row the list left in the cache', async () => {
    // what ra-core's useGetList writes under getOne for each row of the webcasts list
    const row: WebcastListItem = {
      id: 9, title: 'Lançamento', webcast_type: 1, status: 1, transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
      use_chat: true, tags: [{ id: 1, name: 'Produto' }], qty_subscribers: 0, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z',
    };
    const queryClient = new QueryClient();
    queryClient.setQueryData(recordQueryKey(ADMIN_RESOURCES.webcasts.name, 9), row);
    // GET W/ answers after the editor has drawn: until then the row is all the cache has
    let answerItem = () => {};
    const item = new Promise<void>((resolve) => { answerItem = resolve; });
    renderEditor('/webcasts/9', userWith(), null, vi.fn(async (path: string, method: string) => {
      if (path === WEBCAST_PATHS.item(9) && method === 'GET') {
        await item;
        return webcast();
      }
      return undefined;
    }), queryClient);
    await new Promise((resolve) => setTimeout(resolve, 300));
    answerItem();
    expect(await screen.findByDisplayValue('Lançamento')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/webcasts/9');
  });

  it('keeps the type read-only once the webcast has one (spec 2 §4.12)', async () => {
    renderEditor('/webcasts/9', userWith(), webcast());
    const type = await screen.findByRole('combobox', { name: 'Tipo de transmissão' });
    expect(type).toHaveAttribute('aria-disabled', 'true');
  });

  it('disables chat_moderated while use_chat is off (spec 2 §5.9)', async () => {
    renderEditor('/webcasts/9', userWith(), webcast());
    const moderated = await screen.findByRole('switch', { name: 'Chat moderado' });
    expect(moderated).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Usar chat' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Chat moderado' })).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Chat moderado' })).not.toBeChecked();
  });

  it('ends the webcast after the confirmation: a multipart PUT with status 4, webcast_end_success, back to the list', async () => {
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue(new Response(JSON.stringify(webcast({ status: 4 })), { status: 200 }));
    renderEditor('/webcasts/9', userWith(), webcast({ tags: [1, 2] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar webinar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deseja encerrar o webinar?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [path, init] = request.mock.calls[0]!;
    expect(path).toBe(WEBCAST_PATHS.item(9));
    expect(init?.method).toBe('PUT');
    const form = init?.body as FormData;
    expect(form.get('status')).toBe('4');
    expect(form.get('transmission_date')).toBe('2026-12-10 19:00:00');
    expect(form.getAll('tags')).toEqual(['1', '2']);
    expect(form.get('embed')).toBe('https://www.youtube.com/watch?v=x');
    expect(await screen.findByText('Webinar encerrado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/webcasts$/));
  });

  it('disables the event data of a finished webcast and offers no End webcast', async () => {
    renderEditor('/webcasts/9', userWith(), webcast({ status: 4 }));
    expect(await screen.findByDisplayValue('Lançamento')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Encerrar webinar' })).not.toBeInTheDocument();
  });

  it('sends the JSON save with the zone\'s offset and the https-prefixed embed, and notifies webcast_edit_success', async () => {
    const serveJson = vi.fn(async (_path: string, method: string, _body?: unknown) => (method === 'PUT' ? webcast({ title: 'Lançamento 2026' }) : undefined) as unknown);
    renderEditor('/webcasts/9', userWith(), webcast({ embed: 'www.youtube.com/watch?v=y' }), serveJson);
    const title = await screen.findByDisplayValue('Lançamento');
    await userEvent.type(title, ' 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(WEBCAST_PATHS.item(9), 'PUT', expect.anything()));
    const body = serveJson.mock.calls.find((c) => c[1] === 'PUT')![2] as unknown as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Lançamento 2026', transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
      embed: 'https://www.youtube.com/watch?v=y', score: 10, user_groups: [3],
    });
    expect(await screen.findByText('Webinar salvo com sucesso')).toBeInTheDocument();
  });
});
