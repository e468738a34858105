import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { TRAINING_HIERARCHY_PATH, TRAINING_PATHS, type HierarchyItem, type Training } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { screenFakes } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrainingConfigureTab } from './TrainingConfigureTab.tsx';

const ID = 7;
const HIERARCHY = TRAINING_HIERARCHY_PATH(ID);

const item = (type_slug: HierarchyItem['type_slug'], type_id: number, type_title: string, hierarchy_order: number, parent: [HierarchyItem['type_slug'], number] | null = null): HierarchyItem => ({
  type_slug, type_id, type_title, hierarchy_order, parent_slug: parent?.[0] ?? null, parent_id: parent?.[1] ?? null,
  type_avaliable_in: '', type_score: '',
});

const ITEMS = [item('module', 1, 'Boas-vindas', 1), item('test', 2, 'Prova final', 2), item('game', 3, 'Caça-palavras', 3)];

function training(overrides: Partial<Training> = {}): Training {
  return {
    id: ID, title: 'Atendimento', description: '', group_training_type: 2, score: 0, workload: 1, code: null, tags: [], areas: [], profiles: [],
    user_groups: [], mandatory_areas: [], mandatory_profiles: [], owners_list: [], on_portfolio: false, portfolio_order: 9999,
    unpublish_date: null, qty_certificate_expiration_days: null, group_training_images: [], group_training_image_alt_text: [],
    group_training_certificate_image_url: null, is_open: false, has_done_activities: false, status: 2, portal_url: '', ...overrides,
  };
}

/** The server answers a valid POST with the same order and prerequisites. */
const echo = (body: HierarchyItem[]) => body.map((i) => ({ ...i }));

function Editor() {
  const { id } = useParams();
  return <p>editor of {id}</p>;
}

interface Setup {
  items?: HierarchyItem[];
  training?: Partial<Training>;
  canManage?: boolean;
  serveForm?: (path: string, method: string, fields: Record<string, unknown>) => Promise<unknown>;
  duplicate?: () => Promise<unknown>;
}

function renderTab({ items = ITEMS, training: trainingOverrides = {}, canManage = true, serveForm, duplicate }: Setup = {}) {
  const serveJson = vi.fn(async (path: string, method: string, body?: unknown) => {
    if (path === TRAINING_PATHS.item(ID)) return training(trainingOverrides);
    if (path === HIERARCHY && method === 'GET') return items;
    if (path === HIERARCHY && method === 'POST') return echo(body as HierarchyItem[]);
    if (path === TRAINING_PATHS.duplicate(ID)) return duplicate ? duplicate() : { group_training_duplicated_id: 99 };
    throw new Error(`unexpected ${method} ${path}`);
  });
  const form = vi.fn(serveForm ?? (async () => training(trainingOverrides)));
  const { dataProvider, http } = screenFakes({ serveJson, serveForm: form });
  render(
    <MemoryRouter initialEntries={[`/trainings/${ID}/configure_and_publish`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/configure_and_publish" element={<TrainingConfigureTab trainingId={ID} canManage={canManage} />} />
            <Route path="/trainings/:id" element={<Editor />} />
            <Route path="/trainings" element={<p>trainings list</p>} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson, serveForm: form };
}

/** The POST bodies sent to the hierarchy, as slug+id@order<parent. */
const posted = (serveJson: ReturnType<typeof vi.fn>) => serveJson.mock.calls
  .filter(([path, method]) => path === HIERARCHY && method === 'POST')
  .map(([, , body]) => (body as HierarchyItem[]).map((i) => `${i.type_slug}${i.type_id}@${i.hierarchy_order}<${i.parent_slug ?? ''}${i.parent_id ?? ''}`));

const rowTitles = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[3]!.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('TrainingConfigureTab', () => {
  it('moves items up and down (spec 2 §5.8: up only after the first, down only before the last) and saves the whole array', async () => {
    const { serveJson } = renderTab();
    expect(await screen.findByText('Prova final')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mover Boas-vindas para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover Caça-palavras para baixo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover Boas-vindas para baixo' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Mover Prova final para cima' }));
    expect(await screen.findByText('Configuração salva com sucesso')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Prova final', 'Boas-vindas', 'Caça-palavras']);
    await userEvent.click(screen.getByRole('button', { name: 'Mover Boas-vindas para baixo' }));
    await vi.waitFor(() => expect(rowTitles()).toEqual(['Prova final', 'Caça-palavras', 'Boas-vindas']));
    expect(posted(serveJson)).toEqual([
      ['test2@1<', 'module1@2<', 'game3@3<'],
      ['test2@1<', 'game3@2<', 'module1@3<'],
    ]);
    // the spec's wire shape: dates DD/MM/YYYY or '', score '' when 0
    const [, , body] = serveJson.mock.calls.find(([path, method]) => path === HIERARCHY && method === 'POST')!;
    expect((body as object[])[0]).toEqual({
      hierarchy_order: 1, type_slug: 'test', type_title: 'Prova final', type_id: 2, parent_id: null, parent_slug: null, type_avaliable_in: '', type_score: '',
    });
  });

  it('takes a typed order only above 0 and up to the item count; the others shift', async () => {
    const { serveJson } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar a ordem de Caça-palavras' }));
    const input = await screen.findByRole('spinbutton', { name: 'Ordem' });
    const apply = screen.getByRole('button', { name: 'Aplicar' });
    for (const bad of ['0', '4', '']) {
      await userEvent.clear(input);
      if (bad) await userEvent.type(input, bad);
      expect(apply).toBeDisabled();
    }
    expect(screen.getByText('A ordem deve ser maior que 0 e no máximo 3')).toBeInTheDocument();
    await userEvent.type(input, '1');
    expect(screen.getByText('De 1 a 3')).toBeInTheDocument();
    await userEvent.click(apply);
    await vi.waitFor(() => expect(posted(serveJson)).toEqual([['game3@1<', 'module1@2<', 'test2@3<']]));
    expect(rowTitles()).toEqual(['Caça-palavras', 'Boas-vindas', 'Prova final']);
  });

  it('offers prerequisites per spec 2 §5.8 and saves a choice or a clearing', async () => {
    const chained = [item('module', 1, 'Boas-vindas', 1), item('test', 2, 'Prova final', 2, ['module', 1]), item('game', 3, 'Caça-palavras', 3)];
    const { serveJson } = renderTab({ items: chained });
    const prerequisite = async (title: string) => screen.findByRole('combobox', { name: `Pré-requisito de ${title}` });

    // not itself, and not the test whose prerequisite is this module
    await userEvent.click(await prerequisite('Boas-vindas'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['3. Caça-palavras']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await prerequisite('Caça-palavras'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['1. Boas-vindas', '2. Prova final']);
    await userEvent.click(screen.getByRole('option', { name: '2. Prova final' }));
    await vi.waitFor(() => expect(posted(serveJson)).toEqual([['module1@1<', 'test2@2<module1', 'game3@3<test2']]));
    // the table is locked while the save is in flight
    await vi.waitFor(async () => expect(await prerequisite('Prova final')).toBeEnabled());
    expect(await prerequisite('Caça-palavras')).toHaveValue('2. Prova final');

    // count − 1 items have a prerequisite now: the last one without keeps none to offer
    expect(await prerequisite('Boas-vindas')).toBeDisabled();

    // clearable
    const row = (await prerequisite('Prova final')).closest('tr')!;
    // the clear button is visible on hover or focus only, so it has no accessible name before: find it by its title
    await userEvent.click(within(row).getByTitle('Limpar valor'));
    await vi.waitFor(() => expect(posted(serveJson).at(-1)).toEqual(['module1@1<', 'test2@2<', 'game3@3<test2']));
    expect(await prerequisite('Boas-vindas')).toBeEnabled();
  });

  it('shows dates in the user\'s format and scores, and disables every control without trainings_manage', async () => {
    renderTab({
      items: [{ ...item('module', 1, 'Boas-vindas', 1), type_avaliable_in: '04/05/2026', type_score: 15 }, item('test', 2, 'Prova final', 2)],
      canManage: false,
    });
    const row = (await screen.findByText('Boas-vindas')).closest('tr')!;
    expect(row).toHaveTextContent('04/05/2026');
    expect(row).toHaveTextContent('15');
    expect(screen.getByRole('button', { name: 'Mover Boas-vindas para baixo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Alterar a ordem de Boas-vindas' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Pré-requisito de Prova final' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Treinamento aberto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Despublicar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Duplicar treinamento' })).toBeDisabled();
    // spec 2 §6 tooltips: 'not_allowed' on Unpublish, 'no_modules_or_tests_on_training' on Publish
    await userEvent.hover(screen.getByRole('button', { name: 'Despublicar' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Você não tem permissão para esta ação');
    await userEvent.unhover(screen.getByRole('button', { name: 'Despublicar' }).parentElement!);
    await userEvent.hover(screen.getByRole('button', { name: 'Publicar' }).parentElement!);
    expect(await screen.findByText('O treinamento não tem aulas nem provas, ou você não tem permissão para publicá-lo')).toBeInTheDocument();
    // Back remains
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('trainings list')).toBeInTheDocument();
  });

  it('closing a training with done activities asks first, with Confirm disabled during a visible 5-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { serveForm } = renderTab({
      training: { is_open: true, has_done_activities: true },
      serveForm: async (_path, _method, fields) => training({ is_open: fields.is_open === true, has_done_activities: true }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Treinamento aberto' });
    expect(toggle).toBeChecked();

    // Cancel puts the toggle back and saves nothing
    await user.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Fechar treinamento' });
    expect(toggle).not.toBeChecked();
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(serveForm).not.toHaveBeenCalled();

    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Fechar treinamento' });
    expect(within(dialog).getByRole('button', { name: 'Confirmar (5)' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByRole('button', { name: 'Confirmar (4)' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(within(dialog).getByRole('button', { name: 'Confirmar (1)' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await vi.waitFor(() => expect(serveForm).toHaveBeenCalledWith(TRAINING_PATHS.changeIsOpen(ID), 'POST', { is_open: false }));
    expect(await screen.findByText('Situação do treinamento alterada com sucesso')).toBeInTheDocument();
    // the server answered is_open false with done activities: it cannot be reopened
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: 'Treinamento aberto' })).toBeDisabled());
  });

  it('opens, and closes a training without done activities, directly; says when the change fails', async () => {
    let isOpen = false;
    const { serveForm } = renderTab({
      serveForm: async (_path, _method, fields) => {
        if (fields.is_open === false) throw toHttpError(500, { detail: 'x', code: 'unexpected_error' });
        isOpen = fields.is_open === true;
        return training({ is_open: isOpen });
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Treinamento aberto' });
    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(serveForm).toHaveBeenCalledWith(TRAINING_PATHS.changeIsOpen(ID), 'POST', { is_open: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByText('Não foi possível alterar a situação do treinamento')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    // the help dialog
    await userEvent.click(screen.getByRole('button', { name: 'O que é um treinamento aberto?' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Um treinamento aberto (em andamento)');
  });

  it('shows why a publish is refused and stays on the tab', async () => {
    const refused = renderTab({
      serveForm: async (path) => {
        if (path === TRAINING_PATHS.publish(ID)) {
          throw toHttpError(400, { detail: 'no class', code: 'to_publish_the_training_it_must_have_at_least_one_class_or_test' });
        }
        return training();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Para publicar o treinamento, ele deve ter pelo menos uma aula ou prova.')).toBeInTheDocument();
    expect(refused.serveForm).toHaveBeenCalledWith(TRAINING_PATHS.publish(ID), 'POST', {});
    expect(screen.queryByText('trainings list')).not.toBeInTheDocument();
  });

  it('publishes and unpublishes, each saying so and returning to the trainings list (issue 25 item 5)', async () => {
    for (const [label, notice] of [['Publicar', 'Publicado'], ['Despublicar', 'Despublicado']] as const) {
      const { serveForm } = renderTab({ training: { status: label === 'Publicar' ? 2 : 1 } });
      await userEvent.click(await screen.findByRole('button', { name: label }));
      expect(await screen.findByText('trainings list')).toBeInTheDocument();
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(serveForm).toHaveBeenCalledWith(label === 'Publicar' ? TRAINING_PATHS.publish(ID) : TRAINING_PATHS.unpublish(ID), 'POST', {});
      cleanup();
    }
  });

  it('disables the actions while one runs, and Unpublish on a training that is not published', async () => {
    let release: () => void = () => undefined;
    const { serveForm } = renderTab({ serveForm: () => new Promise((resolve) => { release = () => resolve(training()); }) });
    const publish = await screen.findByRole('button', { name: 'Publicar' });
    expect(screen.getByRole('button', { name: 'Despublicar' })).toBeDisabled();
    await userEvent.click(publish);
    await waitFor(() => expect(publish).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Duplicar treinamento' })).toBeDisabled();
    await userEvent.click(publish);
    expect(serveForm).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByText('trainings list')).toBeInTheDocument();
  });

  it('cannot publish a training without items', async () => {
    renderTab({ items: [], training: { status: 1 } });
    expect(await screen.findByText('Este treinamento ainda não tem aulas, provas ou jogos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Despublicar' })).toBeEnabled();
  });

  it('duplicates after a confirmation and opens the copy\'s editor', async () => {
    const { serveJson } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicar treinamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Duplicar o treinamento e todo o seu conteúdo?');
    expect(serveJson).not.toHaveBeenCalledWith(TRAINING_PATHS.duplicate(ID), 'GET');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('editor of 99')).toBeInTheDocument();
    expect(serveJson).toHaveBeenCalledWith(TRAINING_PATHS.duplicate(ID), 'GET');
  });
});
