import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { TRAIL_PATHS, type TrailItem, type TrailItemInput } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp, type WireAnswer } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrailModulesTab } from './TrailModulesTab.tsx';
import { trailItemSearchPath } from './modules/TrailItemSearch.tsx';

const ITEMS = TRAIL_PATHS.items(5);
const item = (id: number, order: number, prerequisite: number | null = null, extra: Partial<TrailItem> = {}): TrailItem => ({
  kind: 'training', item_id: id, title: `Curso ${id}`, item_status: 1, order,
  prerequisite: prerequisite === null ? null : { kind: 'training', item_id: prerequisite }, avaliable_in: null, ...extra,
});

/** A server that stores what it is sent (as POST T/trail_items/ does) and answers with titles. */
function server(initial: TrailItem[], options: { refuse?: string } = {}) {
  let stored = initial;
  const sent: TrailItemInput[][] = [];
  const serveJson = vi.fn(async (path: string, method: string, body?: unknown) => {
    if (path === ITEMS && method === 'GET') return stored;
    if (path === ITEMS && method === 'POST') {
      if (options.refuse) throw toHttpError(400, { detail: 'no', code: options.refuse });
      sent.push(body as TrailItemInput[]);
      const titles: Record<string, string> = { training: 'Curso', news: 'Notícia', live_class: 'Aula' };
      stored = (body as TrailItemInput[]).map((i) => ({
        ...i, title: `${titles[i.kind] ?? i.kind} ${i.item_id}`, item_status: 1, prerequisite: i.prerequisite ?? null, avaliable_in: i.avaliable_in ?? null,
      }));
      return stored;
    }
    if (path === trailItemSearchPath('training', 'Cur')) return [{ kind: 'training', item_id: 40, title: 'Curso 40' }, { kind: 'training', item_id: 10, title: 'Curso 10' }];
    if (path === trailItemSearchPath('news', 'Not')) return [{ kind: 'news', item_id: 10, title: 'Notícia 10' }];
    if (path === trailItemSearchPath('live_class', 'Aul')) return [{ kind: 'live_class', item_id: 7, title: 'Aula 7' }];
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { serveJson, sent };
}

function renderTab(serveJson: WireAnswer, canManage = true) {
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(serveJson)}>
        <TrailModulesTab trailId={5} canManage={canManage} />
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Módulos da trilha' });
  return within(table).getAllByRole('row').slice(1);
};
const sentOrder = (list: TrailItemInput[]) => list.map((i) => [i.item_id, i.order, i.prerequisite?.item_id ?? null]);

describe('trail modules tab (spec 2 §2.4, §5.8)', () => {
  it('lists the modules by order with their prerequisite', async () => {
    const { serveJson } = server([item(10, 1), item(20, 2, 10), item(30, 3, null, { item_status: 2 })]);
    renderTab(serveJson);
    const [first, second, third] = await rows();
    expect(first).toHaveTextContent('Curso 10');
    expect(within(second!).getByRole('combobox', { name: 'Pré-requisito de Curso 20' })).toHaveValue('1. Curso 10');
    // a module unpublished since it was added says so
    expect(within(third!).getByText('Não publicado')).toBeInTheDocument();
  });

  it('moves a module: up disabled on the first, down disabled on the last, the neighbour takes its place', async () => {
    const { serveJson, sent } = server([item(10, 1), item(20, 2, 10), item(30, 3)]);
    renderTab(serveJson);
    await rows();
    expect(screen.getByRole('button', { name: 'Mover Curso 10 para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover Curso 30 para baixo' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Mover Curso 10 para baixo' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentOrder(sent[0]!)).toEqual([[20, 1, 10], [10, 2, null], [30, 3, null]]);
    expect(await screen.findByText('Módulos salvos com sucesso')).toBeInTheDocument();
    const [first] = await rows();
    expect(first).toHaveTextContent('Curso 20');
  });

  it('offers only the §5.8 prerequisite options and keeps one module free', async () => {
    const { serveJson, sent } = server([item(10, 1), item(20, 2, 10), item(30, 3)]);
    renderTab(serveJson);
    await rows();
    // 30 may take 10 or 20; 10 may take only 30 (20 depends on it)
    await userEvent.click(screen.getByRole('combobox', { name: 'Pré-requisito de Curso 10' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['3. Curso 30']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Pré-requisito de Curso 30' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['1. Curso 10', '2. Curso 20']);
    await userEvent.click(screen.getByRole('option', { name: '2. Curso 20' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentOrder(sent[0]!)).toEqual([[10, 1, null], [20, 2, 10], [30, 3, 20]]);
    // now two of three have one: the free module gets no options
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Pré-requisito de Curso 10' })).toBeDisabled());
  });

  it('adds a published training found from 3 characters (match underlined, modules already there left out)', async () => {
    const { serveJson, sent } = server([item(10, 1)]);
    renderTab(serveJson);
    await rows();
    const search = screen.getByRole('combobox', { name: 'Adicionar treinamento' });
    await userEvent.type(search, 'Cu');
    expect(serveJson).not.toHaveBeenCalledWith(expect.stringContaining('search_trail_items'), 'GET');
    await userEvent.type(search, 'r');
    const option = await screen.findByRole('option', { name: 'Curso 40' }, { timeout: 2000 });
    expect(within(option).getByText('Cur').tagName).toBe('U');
    expect(screen.queryByRole('option', { name: 'Curso 10' })).not.toBeInTheDocument();
    await userEvent.click(option);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentOrder(sent[0]!)).toEqual([[10, 1, null], [40, 2, null]]);
    expect(await screen.findByText('Módulo adicionado com sucesso')).toBeInTheDocument();
  });

  it('adds a module of another kind: the kind selector chooses whose content the search looks in (spec 2 §2.4)', async () => {
    const { serveJson, sent } = server([item(10, 1)]);
    renderTab(serveJson);
    await rows();
    const kind = screen.getByRole('combobox', { name: 'Tipo de módulo' });
    await userEvent.click(kind);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Treinamento', 'Aula ao vivo', 'Webinar', 'Notícia', 'Podcast', 'Arquivo da biblioteca',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Notícia' }));
    expect(screen.queryByRole('combobox', { name: 'Adicionar treinamento' })).not.toBeInTheDocument();
    // a news item with the id of a training already in the trail is another module
    await userEvent.type(screen.getByRole('combobox', { name: 'Adicionar notícia' }), 'Not');
    await userEvent.click(await screen.findByRole('option', { name: 'Notícia 10' }, { timeout: 2000 }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.map((i) => [i.kind, i.item_id, i.order])).toEqual([['training', 10, 1], ['news', 10, 2]]);
    const [, added] = await rows();
    expect(added).toHaveTextContent('Notícia');
    expect(added).toHaveTextContent('Notícia 10');

    // the next kind searches its own content; a prerequisite may be of any kind
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de módulo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aula ao vivo' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Adicionar aula ao vivo' }), 'Aul');
    await userEvent.click(await screen.findByRole('option', { name: 'Aula 7' }, { timeout: 2000 }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await userEvent.click(screen.getByRole('combobox', { name: 'Pré-requisito de Aula 7' }));
    await userEvent.click(await screen.findByRole('option', { name: '2. Notícia 10' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]![2]).toMatchObject({ kind: 'live_class', item_id: 7, prerequisite: { kind: 'news', item_id: 10 } });
  });

  it('removes a module after confirmation; its dependants lose the prerequisite', async () => {
    const { serveJson, sent } = server([item(10, 1), item(20, 2, 10), item(30, 3)]);
    renderTab(serveJson);
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Remover Curso 10' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Remover Curso 10 da trilha?');
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentOrder(sent[0]!)).toEqual([[20, 1, null], [30, 2, null]]);
  });

  it('shows the server\'s refusal and reloads the stored list', async () => {
    const { serveJson } = server([item(10, 1), item(20, 2)], { refuse: 'trail_item_not_available' });
    renderTab(serveJson);
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Mover Curso 20 para cima' }));
    expect(await screen.findByText('Só é possível adicionar conteúdos publicados deste cliente.')).toBeInTheDocument();
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('Curso 10'));
  });

  it('disables every control without trails_manage', async () => {
    const { serveJson } = server([item(10, 1), item(20, 2)]);
    renderTab(serveJson, false);
    await rows();
    expect(screen.getByRole('button', { name: 'Mover Curso 10 para baixo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remover Curso 20' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Adicionar treinamento' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Pré-requisito de Curso 20' })).toBeDisabled();
  });
});
