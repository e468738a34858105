import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { FORUM_ADMIN_PATHS, type ForumReply, type ForumTopic, type ForumTopicItem } from '@lp/shared/contract';
import { TrainingDiscussionsTab } from './TrainingDiscussionsTab.tsx';
import { i18n } from '../../test/fixtures.ts';
import { mockHttp, type CallMocks } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

const TRAINING = 42;
/** the discussions tab's nested resource (trainings/{id}/forum_topics) */
const TOPICS_RESOURCE = `trainings/${TRAINING}/forum_topics`;
const LONG_TITLE = 'Como bater a meta de vendas do trimestre sem perder a qualidade do atendimento';
const author = (id: number, name: string) => ({ id, name, author_image: null });

const TOPICS: ForumTopicItem[] = [
  { id: 1, title: LONG_TITLE, status: 1, report: true, liked: false, likes: 2, qty_answers: 3, updated_date: '2026-11-21T14:05:00Z', author: author(7, 'Maria Aparecida dos Santos Oliveira') },
  { id: 2, title: 'Dúvida curta', status: 4, report: false, liked: false, likes: 0, qty_answers: 0, updated_date: '2026-11-20T09:00:00Z', author: author(8, 'Lia Learner') },
  { id: 3, title: 'Código estranho', status: 9, report: false, liked: false, likes: 0, qty_answers: 1, updated_date: '2026-11-19T23:59:00Z', author: author(8, 'Lia Learner') },
];
const DETAIL: ForumTopic = { ...TOPICS[0]!, text: 'Qual a melhor abordagem?\nObrigada.', created_in: '2026-11-20T10:00:00Z' };
const REPLIES: ForumReply[] = [
  { id: 31, topic_id: 1, text: 'Ouvir o cliente primeiro.', status: 1, report: false, liked: false, likes: 1, created_in: '2026-11-21T11:00:00Z', updated_date: '2026-11-21T11:00:00Z', author: author(9, 'Igor Instructor') },
  { id: 32, topic_id: 1, text: 'Spam aqui', status: 2, report: true, liked: false, likes: 0, created_in: '2026-11-21T14:05:00Z', updated_date: '2026-11-21T14:05:00Z', author: author(10, 'Otto Spammer') },
];

interface Mocks {
  getList: ReturnType<typeof vi.fn>;
  serveJson: ReturnType<typeof vi.fn>;
  serveForm: ReturnType<typeof vi.fn>;
}

function renderTab({ canManage = true, serveForm }: { canManage?: boolean; serveForm?: () => Promise<unknown> } = {}): Mocks {
  const mocks: Mocks = {
    getList: vi.fn(async (resource: string) => {
      if (resource === TOPICS_RESOURCE) return { data: TOPICS, total: 12 };
      if (resource === `${TOPICS_RESOURCE}/1/replies`) return { data: REPLIES, total: 2 };
      throw new Error(`unexpected ${resource}`);
    }),
    serveJson: vi.fn(async () => DETAIL),
    serveForm: vi.fn(serveForm ?? (async () => ({}))),
  };
  render(
    <AdminContext dataProvider={testDataProvider(mocks as unknown as Partial<DataProvider>)} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp(mocks as unknown as CallMocks)}>
        <TrainingDiscussionsTab trainingId={TRAINING} canManage={canManage} />
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return mocks;
}

const table = () => screen.findByRole('table', { name: 'Tópicos do fórum' });
const topicCalls = (getList: Mocks['getList']) => getList.mock.calls.filter(([resource]) => resource === TOPICS_RESOURCE);

async function openTopic() {
  const t = await table();
  await userEvent.click(await within(t).findByText(`${LONG_TITLE.slice(0, 50)}...`));
  return screen.findByRole('dialog', { name: LONG_TITLE });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TrainingDiscussionsTab (spec 2 §2.3 discussions, §4.11, §7.1, §8)', () => {
  it('lists topics: cut topic with the full text in a tooltip, replies, cut author, date, status and reported chips', async () => {
    const { getList } = renderTab();
    const t = await table();
    await within(t).findByText('Dúvida curta');
    const rows = within(t).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Tópico', 'Respostas', 'Autor', 'Atualizado em', 'Status', 'Denunciado',
    ]);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      `${LONG_TITLE.slice(0, 50)}...`, '3', 'Maria Aparecida dos Santo', '21/11/2026 14:05', 'Publicado', 'Sim',
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Dúvida curta', '0', 'Lia Learner', '20/11/2026 09:00', 'Fechado', 'Não',
    ]);
    // §4.11: any other status value is shown as 'no'
    expect(within(rows[3]!).getAllByRole('cell')[4]).toHaveTextContent('Não');

    await userEvent.hover(within(rows[1]!).getByText(`${LONG_TITLE.slice(0, 50)}...`));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_TITLE);

    expect(getList).toHaveBeenCalledWith(TOPICS_RESOURCE, expect.objectContaining({
      pagination: { page: 1, perPage: 5 }, sort: { field: 'updated_date', order: 'DESC' }, filter: {},
    }));
  });

  it('searches 500 ms after the last keystroke, from the first page', async () => {
    vi.useFakeTimers();
    const { getList } = renderTab();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Dúvida curta')).toBeInTheDocument();
    expect(topicCalls(getList)).toHaveLength(1);

    const search = screen.getByRole('textbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'me' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(search, { target: { value: 'meta' } });
    // 300 ms after the first keystroke the timer started over
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(topicCalls(getList)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(topicCalls(getList)).toHaveLength(2);
    expect(topicCalls(getList)[1]![1]).toMatchObject({ filter: { q: 'meta' }, pagination: { page: 1, perPage: 5 } });
  });

  it('offers 5, 10, 50 and 100 rows per page', async () => {
    const { getList } = renderTab();
    await within(await table()).findByText('Dúvida curta');
    await userEvent.click(screen.getByRole('combobox', { name: /Linhas por página|Rows per page/i }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await vi.waitFor(() => expect(topicCalls(getList).at(-1)![1]).toMatchObject({ pagination: { page: 1, perPage: 50 } }));
  });

  it('opens the topic dialog with its replies and moderates with the §8 messages', async () => {
    const { getList, serveJson, serveForm } = renderTab();
    const dialog = await openTopic();
    expect(serveJson).toHaveBeenCalledWith(FORUM_ADMIN_PATHS.topic(TRAINING, 1), 'GET');
    expect(await within(dialog).findByText(/Qual a melhor abordagem\?/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Autor: Maria Aparecida dos Santos Oliveira');
    expect(dialog).toHaveTextContent('Criado em: 20/11/2026 10:00');
    const replies = within(dialog).getByRole('list', { name: 'Respostas do tópico' });
    const igor = await within(replies).findByRole('listitem', { name: 'Igor Instructor' });
    expect(igor).toHaveTextContent('Igor Instructor · 21/11/2026 11:00');
    expect(igor).toHaveTextContent('Ouvir o cliente primeiro.');
    expect(igor).toHaveTextContent('Publicado');
    const spam = within(replies).getByRole('listitem', { name: 'Otto Spammer' });
    expect(spam).toHaveTextContent('Não publicado');
    expect(spam).toHaveTextContent('Sim');

    // close the topic (status 4)
    const listLoads = topicCalls(getList).length;
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status do tópico' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fechado' }));
    await vi.waitFor(() => expect(serveForm).toHaveBeenCalledWith(FORUM_ADMIN_PATHS.topicStatus(TRAINING, 1), 'POST', { status: 4 }));
    expect(await screen.findByText('Status alterado com sucesso')).toBeInTheDocument();
    await vi.waitFor(() => expect(serveJson).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(topicCalls(getList).length).toBeGreaterThan(listLoads));

    // the topic is reported: a moderator clears it
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Remover denúncia' })[0]!);
    await vi.waitFor(() => expect(serveForm).toHaveBeenCalledWith(FORUM_ADMIN_PATHS.topicUnreport(TRAINING, 1), 'POST', {}));
    expect(await screen.findByText('Denúncia removida com sucesso')).toBeInTheDocument();

    // a reply: report it, and change its status
    await userEvent.click(within(igor).getByRole('button', { name: 'Denunciar' }));
    await vi.waitFor(() => expect(serveForm).toHaveBeenCalledWith(FORUM_ADMIN_PATHS.replyReport(TRAINING, 1, 31), 'POST', {}));
    expect(await screen.findByText('Denúncia registrada com sucesso')).toBeInTheDocument();
    await userEvent.click(within(spam).getByRole('combobox', { name: 'Status da resposta' }));
    // a reply cannot be closed
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Publicado', 'Não publicado', 'Excluído']);
    await userEvent.click(screen.getByRole('option', { name: 'Excluído' }));
    await vi.waitFor(() => expect(serveForm).toHaveBeenCalledWith(FORUM_ADMIN_PATHS.replyStatus(TRAINING, 1, 32), 'POST', { status: 3 }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the §8 error message when a moderation call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTab({ serveForm: async () => { throw new Error('500'); } });
    const dialog = await openTopic();
    await within(dialog).findByText(/Qual a melhor abordagem\?/);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status do tópico' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Não publicado' }));
    expect(await screen.findByText('Erro ao alterar o status')).toBeInTheDocument();
    const igor = await within(dialog).findByRole('listitem', { name: 'Igor Instructor' });
    await userEvent.click(within(igor).getByRole('button', { name: 'Denunciar' }));
    expect(await screen.findByText('Erro ao registrar a denúncia')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('disables moderation without trainings_manage; viewing and Back remain', async () => {
    const { serveForm } = renderTab({ canManage: false });
    const dialog = await openTopic();
    await within(dialog).findByText(/Qual a melhor abordagem\?/);
    await within(dialog).findByRole('listitem', { name: 'Igor Instructor' });
    const selects = within(dialog).getAllByRole('combobox', { name: /^Status d[oa] (tópico|resposta)$/ });
    expect(selects).toHaveLength(3);
    for (const select of selects) expect(select).toHaveAttribute('aria-disabled', 'true');
    for (const name of ['Denunciar', 'Remover denúncia']) {
      for (const button of within(dialog).getAllByRole('button', { name })) expect(button).toBeDisabled();
    }
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toBeEnabled();
    expect(serveForm).not.toHaveBeenCalled();
  });
});
