import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, HttpError, Notification, type DataProvider, type GetListParams } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { AUDIENCE_PREVIEW_PATH, LIVE_CLASS_PATHS, type LiveClass, type LiveClassParticipant, type SessionUser } from '@lp/shared/contract';
import { mockHttp, wireDataProvider } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { LiveClassEdit } from './LiveClassEdit.tsx';
import { visibleLiveClassTabs } from './liveClassTabs.ts';

export const liveClass = (extra: Partial<LiveClass> = {}): LiveClass => ({
  id: 9, title: 'Vendas consultivas', description: '<p>Ao vivo</p>', live_class_type: 'open', live_class_date: '2026-12-10T19:00:00-03:00',
  timezone: 'America/Sao_Paulo', stream_type: 1, transmission_url: 'https://meet.example.com/vendas', maximum_participants: 20, invitees: [],
  instructors: [], instructors_list: [], score: null, effective_score: 10, workload: 1, date_to_unpublish: null, status: 1, tags: [], areas: [], profiles: [],
  user_groups: [3], qty_participants: 2, started: false, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', ...extra,
});

const PLATFORMS = [
  { id: 1, slug: 'external', label: 'Link externo', uses_url: true },
  { id: 2, slug: 'jitsi', label: 'Sala Jitsi Meet', uses_url: false },
];
const SCORES = [10, 20, 50, 100, 200].map((score) => ({ score, label: `${score} pontos` }));
const ALL = ['live_classes', 'live_classes_manage', 'live_class_set_score'];

export function userWith(slugs = ALL): SessionUser {
  return sessionUser({
    user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS } }],
    user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }],
  });
}

const participant = (id: number, name: string): LiveClassParticipant => ({
  id: 100 + id, user: { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@demo.local`, profile: 'vendedor' },
  subscribed_at: '2026-11-21T10:00:00Z', entered_at: null,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

type Serve = (path: string, method: string, body?: unknown) => Promise<unknown>;

/**
 * The editor at `path` over a server holding `record`: the real data provider for the record,
 * nested lists answered from `lists` (resource name → rows), lookups empty.
 */
function renderEditor(path: string, record: LiveClass, serve: Serve = async () => undefined, user = userWith(), lists: Record<string, unknown[]> = {}) {
  const spy = vi.fn(serve);
  const answer: Serve = async (p, method, body) => {
    if (p === LIVE_CLASS_PATHS.platformTypes) return PLATFORMS;
    if (p === LIVE_CLASS_PATHS.scores) return SCORES;
    // the audience input's preview (common/audience/AudiencePreview.tsx)
    if (p === AUDIENCE_PREVIEW_PATH) return { count: 0, sample: [] };
    if (p === LIVE_CLASS_PATHS.item(record.id) && method === 'GET') return record;
    return body === undefined ? spy(p, method) : spy(p, method, body);
  };
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    const rows = lists[resource] ?? [];
    return { data: rows, total: rows.length };
  });
  const dataProvider = wireDataProvider(answer, { getList, getMany: async () => ({ data: [] }) } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ContractHttpProvider value={mockHttp({ serveJson: answer })}>
          <Routes>
            <Route path="/live_classes/:id/*" element={<><LiveClassEdit /><Where /></>} />
            <Route path="/live_classes" element={<Where />} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { spy, getList };
}

const tabNames = async () => {
  const tabs = await screen.findByRole('tablist', { name: 'Abas da aula ao vivo' });
  return within(tabs).getAllByRole('tab').map((tab) => tab.textContent);
};

beforeAll(() => {
  // ProseMirror measures the selection; jsdom has no layout
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(() => vi.restoreAllMocks());

describe('live class tabs (spec 3 §2)', () => {
  it('basic data only for a new class; invitees for a closed one, subscribers for an open one', () => {
    expect(visibleLiveClassTabs(false, 'open')).toEqual(['basic_data']);
    expect(visibleLiveClassTabs(true, 'closed')).toEqual(['basic_data', 'invitees', 'tests', 'reaction_tests', 'comments']);
    expect(visibleLiveClassTabs(true, 'open')).toEqual(['basic_data', 'subscribers', 'tests', 'reaction_tests', 'comments']);
  });

  it('shows the invitees tab of a closed class and lists them', async () => {
    const closed = liveClass({ live_class_type: 'closed', invitees: [7], maximum_participants: null, qty_participants: 1 });
    renderEditor('/live_classes/9/invitees', closed, undefined, userWith(),
      { 'live_classes/9/invitees': [participant(7, 'Ana Souza')] });
    await waitFor(async () => expect(await tabNames()).toEqual(['Dados básicos', 'Convidados', 'Testes', 'Avaliações de reação', 'Comentários']));
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('A lista de convidados é editada e salva na aba de dados básicos.')).toBeInTheDocument();
    // the guest list is saved with the class: no bulk add here
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();
  });

  it('shows the subscribers tab of an open class', async () => {
    renderEditor('/live_classes/9/subscribers', liveClass(), undefined, userWith(), { 'live_classes/9/subscribers': [participant(8, 'Bruno Lima')] });
    await waitFor(async () => expect(await tabNames()).toEqual(['Dados básicos', 'Inscritos', 'Testes', 'Avaliações de reação', 'Comentários']));
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atualizar lista de inscritos' })).toBeInTheDocument();
  });
});

describe('live class basic data (spec 3 §3, §5)', () => {
  it('saves the basic data with PUT L/: the date with the zone\'s offset, the link, the score; no guest list for an open class', async () => {
    const { spy } = renderEditor('/live_classes/9', liveClass(), async (p, method, body) => {
      if (p === LIVE_CLASS_PATHS.item(9) && method === 'PUT') return liveClass(body as Partial<LiveClass>);
      throw new Error(`unexpected ${method} ${p}`);
    });
    const title = await screen.findByLabelText('Título *');
    await waitFor(() => expect(title).toHaveValue('Vendas consultivas'));
    await userEvent.clear(title);
    await userEvent.type(title, 'Vendas avançadas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith(LIVE_CLASS_PATHS.item(9), 'PUT', expect.anything()));
    const body = spy.mock.calls[0]![2] as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Vendas avançadas', live_class_type: 'open', live_class_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
      stream_type: 1, transmission_url: 'https://meet.example.com/vendas', maximum_participants: 20, score: null, status: 1, user_groups: [3],
    });
    expect(body).not.toHaveProperty('invitees');
    expect(await screen.findByText('Aula ao vivo atualizada.')).toBeInTheDocument();
  });

  it('applies the shared rules before sending: an open class needs its seats, within the room', async () => {
    const { spy } = renderEditor('/live_classes/9', liveClass());
    const seats = await screen.findByLabelText('Máximo de participantes');
    await userEvent.clear(seats);
    await userEvent.type(seats, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Uma sala de reunião comporta no máximo 24 pessoas, incluindo os instrutores')).length).toBeGreaterThan(0);
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows a server field error on its field and keeps the input', async () => {
    renderEditor('/live_classes/9', liveClass(), async (p, method) => {
      if (p === LIVE_CLASS_PATHS.item(9) && method === 'PUT') {
        throw new HttpError('refused', 400, {
          code: 'live_class_started_locked', detail: 'started', fields: { live_class_date: 'live_class_started_locked' },
        });
      }
      throw new Error(`unexpected ${method} ${p}`);
    });
    const title = await screen.findByLabelText('Título *');
    await waitFor(() => expect(title).toHaveValue('Vendas consultivas'));
    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = 'Não é permitido alterar a ficha de uma aula que já começou.';
    // the field's message and the notice on top
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByLabelText('Data e hora *')).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveValue('Vendas consultivas!');
  });

  it('sets Finished with PUT {status: 4} after a confirmation, and then hides the button', async () => {
    const { spy } = renderEditor('/live_classes/9', liveClass(), async (p, method) => {
      if (p === LIVE_CLASS_PATHS.item(9) && method === 'PUT') return liveClass({ status: 4 });
      throw new Error(`unexpected ${method} ${p}`);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar aula' }));
    await userEvent.click(await screen.findByRole('button', { name: /confirmar/i }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith(LIVE_CLASS_PATHS.item(9), 'PUT', { status: 4 }));
    expect(await screen.findByText('A aula ao vivo foi finalizada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Finalizar aula' })).not.toBeInTheDocument());
  });

  it('without live_classes_manage: no Set finished, no duplicate, the save disabled', async () => {
    renderEditor('/live_classes/9', liveClass(), undefined, userWith(['live_classes']));
    await screen.findByLabelText('Título *');
    expect(screen.queryByRole('button', { name: 'Finalizar aula' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('the score is editable only with live_class_set_score, and sent only then', async () => {
    const { spy } = renderEditor('/live_classes/9', liveClass({ score: 50 }), async (p, method, body) => {
      if (p === LIVE_CLASS_PATHS.item(9) && method === 'PUT') return liveClass(body as Partial<LiveClass>);
      throw new Error(`unexpected ${method} ${p}`);
    }, userWith(['live_classes', 'live_classes_manage']));
    const score = await screen.findByRole('combobox', { name: 'Pontuação' });
    expect(score).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Alterar a pontuação exige a permissão de definir pontuação')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(spy.mock.calls[0]![2]).not.toHaveProperty('score');
  });

  it('with live_class_set_score the score picks from live_class_scores, blank = the live class score', async () => {
    const { spy } = renderEditor('/live_classes/9', liveClass(), async (p, method, body) => {
      if (p === LIVE_CLASS_PATHS.item(9) && method === 'PUT') return liveClass(body as Partial<LiveClass>);
      throw new Error(`unexpected ${method} ${p}`);
    });
    const score = await screen.findByRole('combobox', { name: 'Pontuação' });
    expect(score).not.toHaveAttribute('aria-disabled');
    await userEvent.click(score);
    await userEvent.click(await screen.findByRole('option', { name: '100 pontos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(spy.mock.calls[0]![2]).toMatchObject({ score: 100 });
  });
});
