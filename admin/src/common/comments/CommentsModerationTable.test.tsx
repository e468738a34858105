import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import type { CommentOrigin } from '@lp/shared/contract';
import { CommentsModerationTable } from './CommentsModerationTable.tsx';
import { i18n } from '../../test/fixtures.ts';
import { wireDataProvider, wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../http/index.ts';

/** the server: the comment lists (GET) through the data provider, the moderation (POST form) through the table's hook */
const json = vi.fn<(path: string) => Promise<unknown>>();
const request = vi.fn<(path: string, body: unknown) => Promise<unknown>>();
const answer = (path: string, method: string, body?: unknown) => (method === 'GET' ? json(path) : request(path, body));

const ROWS = [
  { id: 11, user: { id: 7, full_name: 'Lara Learner' }, stars: 4, comment: 'Muito bom o treinamento', status: 1 },
  { id: 12, user: { id: 8, full_name: 'Igor Instructor' }, stars: 2, comment: 'x'.repeat(120), status: 2 },
  { id: 13, user: 'Ana Admin', stars: 0, comment: 'spam', status: 3 },
];

function renderTable(origin: CommentOrigin, managerMode = false) {
  render(
    <AdminContext dataProvider={wireDataProvider(answer)} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(answer)}>
        <CommentsModerationTable origin={origin} id={42} managerMode={managerMode} />
      </ContractHttpProvider>
    </AdminContext>,
  );
}

const table = () => screen.findByRole('table', { name: 'Comentários' });

/** the rows once the list has arrived */
async function loadedRows(author = 'Lara Learner') {
  const t = await table();
  await within(t).findByText(author);
  return within(t).getAllByRole('row');
}

describe('CommentsModerationTable (spec 2 §2.7, §7.4)', () => {
  beforeEach(() => {
    json.mockReset();
    request.mockReset();
  });

  it.each([
    ['training', '/admin_group_trainings/group_trainings/42/comments/'],
    ['trail', '/admin_trails/trails/42/comments/'],
    ['trails', '/admin_trails/trails/42/trail_user_stars/'],
    ['news', '/admin_news/news/42/comments/'],
    ['podcast', '/admin_podcast/podcasts/42/comments/'],
    ['presential', '/presential/presential_events/42/comments/'],
    ['webcast', '/admin_webcasts/webcasts/42/comments/'],
    ['live_class', '/admin_live_classes/live_classes/42/comments/'],
  ] as const)('lists the %s comments from %s', async (origin, path) => {
    json.mockResolvedValue(ROWS);
    renderTable(origin);
    expect(await within(await table()).findByText('Lara Learner')).toBeInTheDocument();
    expect(json).toHaveBeenCalledWith(path);
  });

  it('shows #, author, stars, the shortened comment and the status chip', async () => {
    json.mockResolvedValue(ROWS);
    renderTable('training');
    const rows = await loadedRows();
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      '#', 'Autor', 'Estrelas', 'Comentário', 'Status', 'Editar',
    ]);
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByRole('img', { name: '4 estrelas' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('11Lara LearnerMuito bom o treinamentoPublicado');
    expect(rows[2]).toHaveTextContent(`${'x'.repeat(77)}...`);
    expect(rows[2]).not.toHaveTextContent('x'.repeat(78));
    expect(rows[2]).toHaveTextContent('Não publicado');
    expect(rows[3]).toHaveTextContent('Ana Admin');
    expect(rows[3]).toHaveTextContent('Excluído');
  });

  it('hides the stars for news', async () => {
    json.mockResolvedValue(ROWS);
    renderTable('news');
    const rows = await loadedRows();
    expect(within(rows[0]!).queryByText('Estrelas')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('posts the status and comment id as a form, then reloads the list', async () => {
    json.mockResolvedValueOnce(ROWS).mockResolvedValueOnce([{ ...ROWS[0]!, status: 2 }]);
    request.mockResolvedValue({});
    renderTable('training');
    const rows = await loadedRows();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Editar comentário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Moderar comentário' });
    expect(within(dialog).getByLabelText('Autor')).toHaveValue('Lara Learner');
    expect(within(dialog).getByLabelText('Autor')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Comentário')).toHaveValue('Muito bom o treinamento');

    // not dismissible by Escape
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Não publicado' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    const [path, body] = request.mock.calls[0]! as [string, FormData];
    expect(path).toBe('/admin_group_trainings/group_trainings/42/publish_comment/');
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({ status: '2', id: '11' });

    await vi.waitFor(() => expect(json).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(2));
    expect(within(await table()).getByText('Não publicado')).toBeInTheDocument();
  });

  it('Back closes the dialog without posting', async () => {
    json.mockResolvedValue(ROWS);
    renderTable('news');
    const rows = await loadedRows();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Editar comentário' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it.each(['webcast', 'live_class', 'trails'] as const)('offers no edit for %s (no moderation path)', async (origin) => {
    json.mockResolvedValue(ROWS);
    renderTable(origin);
    const t = await table();
    await within(t).findByText('Lara Learner');
    expect(within(t).queryByRole('button', { name: 'Editar comentário' })).not.toBeInTheDocument();
    expect(within(t).queryByText('Editar')).not.toBeInTheDocument();
  });

  it('disables the edit action in manager mode', async () => {
    json.mockResolvedValue(ROWS);
    renderTable('training', true);
    const buttons = await within(await table()).findAllByRole('button', { name: 'Editar comentário' });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toBeDisabled();
  });

  it('says loading, then no data for an empty list', async () => {
    let reply: (rows: unknown[]) => void = () => undefined;
    json.mockReturnValue(new Promise((resolve) => { reply = resolve as typeof reply; }));
    renderTable('training');
    expect(await within(await table()).findByText('Carregando dados...')).toBeInTheDocument();
    reply([]);
    expect(await within(await table()).findByText('Nenhum dado disponível')).toBeInTheDocument();
  });

  it('says no results when the list cannot be loaded (the failure is only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    json.mockRejectedValue(new Error('500'));
    renderTable('training');
    expect(await within(await table()).findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
