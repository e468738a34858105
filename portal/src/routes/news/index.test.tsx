import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerNewsCard, LearnerNewsItem } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const card = (id: number, title: string, extra: Partial<LearnerNewsCard> = {}): LearnerNewsCard => ({
  id, title, image_url: null, image_alt_text: null, summary: `Resumo de ${title}`, published_at: '2026-11-20T12:00:00Z', read: false, ...extra,
});
const item = (extra: Partial<LearnerNewsItem> = {}): LearnerNewsItem => ({
  ...card(5, 'Nova coleção'), read: true, content: '<p>Chegou a <strong>coleção</strong><img src=x onerror="alert(1)"></p><script>alert(2)</script>',
  comments_enabled: true, can_comment: true, ...extra,
});

describe('news (spec 3 §2 news, news/{id})', () => {
  it('lists the news, opens an item in a modal over the list and closes it back to the list', async () => {
    loggedIn();
    fakeApi({
      'GET /news/': [200, { count: 2, results: [card(5, 'Nova coleção'), card(6, 'Resultado da campanha', { read: true })] }],
      'GET /news/5/': [200, item({ comments_enabled: false })],
    });
    const { memory } = await renderWithApp(undefined, { path: '/news' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notícias' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Nova coleção', 'Resultado da campanha']);
    expect(within(cards[0]!).getByText('Nova')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Nova')).not.toBeInTheDocument();

    await userEvent.click(within(cards[0]!).getByRole('link', { name: 'Nova coleção' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova coleção' });
    expect(memory.history.at(-1)).toBe('/news/5');
    // the content is shown sanitised, the list stays behind
    expect(within(dialog).getByText('coleção', { selector: 'strong' })).toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.innerHTML).not.toContain('<script');
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(2);
    // the opened item no longer shows as new
    await waitFor(() => expect(within(screen.getAllByRole('article', { hidden: true })[0]!).queryByText('Nova')).not.toBeInTheDocument());
    // comments are off for this client: no comment form
    expect(within(dialog).queryByLabelText('Seu comentário')).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(memory.history.at(-1)).toBe('/news');
  });

  it('opens an item straight from its address and lets the reader comment once, without stars', async () => {
    loggedIn();
    let commented = false;
    const { calls } = fakeApi({
      'GET /news/': [200, { count: 1, results: [card(5, 'Nova coleção', { read: true })] }],
      'GET /news/5/': () => [200, item({ can_comment: !commented })],
      'GET /news/5/comments/': () => [200, commented
        ? { count: 1, results: [{ id: 1, author: 'Lia Learner', stars: null, comment: 'Ótima notícia!', created_at: '2026-11-21T10:00:00Z', mine: true }] }
        : { count: 0, results: [] }],
      'POST /news/5/comments/': () => {
        commented = true;
        return [201, { id: 1, author: 'Lia Learner', stars: null, comment: 'Ótima notícia!', created_at: '2026-11-21T10:00:00Z', mine: true }];
      },
    });
    await renderWithApp(undefined, { path: '/news/5' });
    const dialog = await screen.findByRole('dialog', { name: 'Nova coleção' });
    expect(within(dialog).queryByRole('group', { name: /nota/i })).not.toBeInTheDocument();
    await userEvent.type(await within(dialog).findByLabelText('Seu comentário'), 'Ótima notícia!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar comentário' }));
    expect(await within(dialog).findByText('Seu comentário foi enviado.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ comment: 'Ótima notícia!' });
    // once: the form is gone
    await waitFor(() => expect(within(dialog).queryByLabelText('Seu comentário')).not.toBeInTheDocument());
    expect(await within(dialog).findByText('Ótima notícia!')).toBeInTheDocument();
  });

  it('says when an item is not there for the user', async () => {
    loggedIn();
    fakeApi({
      'GET /news/': [200, { count: 0, results: [] }],
      'GET /news/9/': [404, { detail: 'News not found', code: 'not_found' }],
    });
    await renderWithApp(undefined, { path: '/news/9' });
    expect(await screen.findByText('Nenhuma notícia por enquanto.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não encontrado ou sem permissão de acesso');
  });
});
