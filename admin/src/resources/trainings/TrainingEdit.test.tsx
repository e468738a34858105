import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { ADMIN_RESOURCES, GAME_PATHS, TRAINING_PATHS, type SessionUser, type Training, type TrainingListItem } from '@lp/shared/contract';
import { recordQueryKey } from '../../common/editor/index.ts';
import { toHttpError } from '../../dataProvider.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { screenFakes } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrainingEdit } from './TrainingEdit.tsx';

const training: Training = {
  id: 7, title: 'Atendimento', description: '<p>Intro</p>', group_training_type: 1, score: 50, workload: 4, code: null,
  tags: [1], areas: [], profiles: [], user_groups: [3], mandatory_areas: [], mandatory_profiles: [],
  owners_list: [{ id: 2, full_name: 'Igor Instructor', email: 'instructor@demo.local' }], on_portfolio: false, portfolio_order: 9999,
  unpublish_date: null, qty_certificate_expiration_days: null, group_training_images: [], group_training_image_alt_text: [],
  group_training_certificate_image_url: null, is_open: false, has_done_activities: false, status: 2, portal_url: 'http://x/online-courses/7',
};

function userWith(settings: Partial<typeof DEFAULT_CLIENT_SETTINGS>, slugs = ['trainings', 'trainings_manage']): SessionUser {
  return sessionUser({
    user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS, ...settings } }],
    user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }],
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderEditor(
  path: string, user: SessionUser, serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>, queryClient?: QueryClient,
) {
  const spy = vi.fn(serveJson);
  const { dataProvider, http } = screenFakes({ serveJson: spy }, {
    getList: async () => ({ data: [{ id: 1, name: 'Customer experience', areas: [] }], total: 1 }),
    getMany: async () => ({ data: [{ id: 1, name: 'Customer experience', areas: [] }] }),
  } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)} queryClient={queryClient}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/*" element={<><TrainingEdit /><Where /></>} />
            <Route path="/trainings" element={<Where />} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson: spy };
}

const answers = (extra: Record<string, unknown> = {}) => async (path: string) => {
  if (path === TRAINING_PATHS.types) return [{ id: 1, value: 1, slug: 'online', use_score: true }, { id: 2, value: 2, slug: 'technical', use_score: false }];
  if (path === TRAINING_PATHS.item(7)) return training;
  if (path in extra) return extra[path];
  throw new Error(`unexpected ${path}`);
};

describe('training editor (spec 2 §2.3)', () => {
  it('shows only basic-data for a new training (id 0)', async () => {
    renderEditor('/trainings/0', userWith({ has_forum: true }), answers());
    expect(await screen.findByRole('tab', { name: 'Dados básicos' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Comentários' })).not.toBeInTheDocument();
  });

  it('shows the comments tab by the client flag, and opens it by its path', async () => {
    renderEditor('/trainings/7/comments', userWith({ use_comments_group_training: true }), answers({ [TRAINING_PATHS.comments(7)]: [] }));
    const tabs = await screen.findByRole('tablist', { name: 'Abas do treinamento' });
    expect(within(tabs).getByRole('tab', { name: 'Comentários', selected: true })).toBeInTheDocument();
  });

  it('hides the comments tab without use_comments_group_training and falls back to basic-data', async () => {
    renderEditor('/trainings/7/comments', userWith({ use_comments_group_training: false }), answers());
    const tabs = await screen.findByRole('tablist', { name: 'Abas do treinamento' });
    expect(within(tabs).queryByRole('tab', { name: 'Comentários' })).not.toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Dados básicos', selected: true })).toBeInTheDocument();
  });

  it('shows the games tab with has_games, and its game editor under the tab by its path', async () => {
    renderEditor('/trainings/7/games/new', userWith({ has_games: true }), answers({ [`${GAME_PATHS.collection(7)}?page_size=0`]: { count: 0, results: [] } }));
    const tabs = await screen.findByRole('tablist', { name: 'Abas do treinamento' });
    expect(within(tabs).getByRole('tab', { name: 'Jogos', selected: true })).toBeInTheDocument();
    // the tab's code comes with its first opening (lazyTab): the first import here is a cold transform
    expect(await screen.findByRole('heading', { name: 'Novo jogo' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('hides the games tab without has_games (spec 2 §2.3)', async () => {
    renderEditor('/trainings/7/games', userWith({ has_games: false }), answers());
    const tabs = await screen.findByRole('tablist', { name: 'Abas do treinamento' });
    expect(within(tabs).queryByRole('tab', { name: 'Jogos' })).not.toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Dados básicos', selected: true })).toBeInTheDocument();
  });

  it('checks §5.1 before sending a new training: the notice, the fields marked, nothing sent', async () => {
    const calls: unknown[] = [];
    renderEditor('/trainings/0', userWith({}), async (path, method, body) => {
      if (method === 'POST') calls.push(body);
      return answers()(path);
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Título' }), 'Novo curso');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const notice = 'Certifique-se de que todos os campos estão preenchidos.';
    expect(await screen.findByRole('alert')).toHaveTextContent(notice);
    // the introduction, the type, the workload and the tags are marked on their inputs
    expect(screen.getAllByText(notice).length).toBeGreaterThanOrEqual(5);
    expect(calls).toHaveLength(0);
    expect(screen.getByDisplayValue('Novo curso')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/trainings/0');
  });

  it('marks with * what §5.1 requires: title, type, score (with trainings_set_score), workload, tags', async () => {
    renderEditor('/trainings/7', userWith({}, ['trainings', 'trainings_manage', 'trainings_set_score']), answers());
    await screen.findByDisplayValue('Atendimento');
    const labels = () => Array.from(document.querySelectorAll('label')).map((label) => label.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    for (const name of ['Título', 'Tipo de capacitação', 'Pontuação', 'Carga horária (horas)', 'Tags']) {
      expect(labels().find((text) => text.startsWith(name)), name).toMatch(/\*$/);
    }
  });

  it('opened from the list, waits for GET P/ rather than read the row the list left in the cache', async () => {
    // what ra-core's useGetList writes under getOne for each row of the trainings list
    const row: TrainingListItem = {
      id: 7, title: 'Atendimento', status: 2, group_training_type: 1, tags: [{ id: 1, name: 'Customer experience' }], is_open: false,
      qty_modules: 1, qty_tests: 1, owners_list: training.owners_list, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z',
    };
    const queryClient = new QueryClient();
    queryClient.setQueryData(recordQueryKey(ADMIN_RESOURCES.trainings.name, 7), row);
    const { serveJson } = renderEditor('/trainings/7', userWith({}), answers(), queryClient);
    expect(await screen.findByDisplayValue('Atendimento')).toBeInTheDocument();
    expect(serveJson.mock.calls.some(([path]) => path === TRAINING_PATHS.item(7))).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/trainings/7');
  });

  it('disables saving without trainings_manage (spec 2 §6)', async () => {
    renderEditor('/trainings/7', userWith({}, ['trainings']), answers());
    expect(await screen.findByDisplayValue('Atendimento')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('keeps what was typed and marks the field when the server refuses the save', async () => {
    const sent: unknown[] = [];
    renderEditor('/trainings/7', userWith({}), async (path, method, body) => {
      if (method === 'PUT') {
        sent.push(body);
        throw toHttpError(400, { detail: 'x', code: 'title_too_long', fields: { title: 'title_too_long' } });
      }
      return answers()(path);
    });
    const title = await screen.findByDisplayValue('Atendimento');
    await userEvent.clear(title);
    await userEvent.type(title, 'Atendimento ao cliente');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Atendimento ao cliente', user_groups: [3], owners: [2] });
    // the notice names the problem (issue 25 item 1), the field says it too and is focused
    await waitFor(() => expect(screen.getAllByText('O título deve ter no máximo 256 caracteres.')).toHaveLength(2));
    expect(screen.getByDisplayValue('Atendimento ao cliente')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByDisplayValue('Atendimento ao cliente')).toHaveFocus());
  });
});
