import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { NEWS_PATHS, commentsListPath, type News, type SessionUser } from '@lp/shared/contract';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { wireDataProvider } from '../../test/wireFakes.ts';
import { NewsEdit } from './NewsEdit.tsx';

const news: News = {
  id: 7, title: 'Nova coleção', image_url: null, content: '<p>Chegou a coleção</p>', status: 1, timezone: null, publish_date: null,
  unpublish_date: null, tags: [], areas: [], profiles: [], user_groups: [3], news_image_alt_texts: [],
  portal_url: 'http://localhost:3000/news/7', publication: 'published', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function userWith(settings: Partial<typeof DEFAULT_CLIENT_SETTINGS> = {}): SessionUser {
  return sessionUser({
    user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS, ...settings } }],
    user_client_module_items: [{ id: 1, module_items: [{ slug: 'news', permission: true }] }],
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderEditor(path: string, serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>, user = userWith()) {
  const spy = vi.fn(serveJson);
  // the real data provider over the test's server: the news record goes through react-admin's getOne/create/update
  const wired = wireDataProvider(spy);
  // lookups answered here; nested lists (the comments tab: news/{id}/comments) go to the test's server
  const dataProvider = wireDataProvider(spy, {
    getList: async (resource: string, params: Parameters<DataProvider['getList']>[1]) => (resource.includes('/')
      ? wired.getList(resource, params)
      : { data: resource === 'lookup_user_groups' ? [{ id: 3, name: 'Store leaders' }] : [], total: resource === 'lookup_user_groups' ? 1 : 0 }),
    getMany: async () => ({ data: [] }),
  } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <Routes>
          <Route path="/news/:id/*" element={<><NewsEdit /><Where /></>} />
          <Route path="/news" element={<Where />} />
        </Routes>
        <Notification />
        <div id="react-admin-title" />
      </AdminContext>
    </MemoryRouter>,
  );
  return spy;
}

describe('news editor (spec 3 §2, §5, §7)', () => {
  beforeAll(() => {
    // ProseMirror measures the selection; jsdom has no layout
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('shows the news tab only for a new item, under the client\'s title_news', async () => {
    renderEditor('/news/0', async () => { throw new Error('nothing to read'); }, userWith({ title_news: 'Comunicados' }));
    const tabs = await screen.findByRole('tablist', { name: 'Abas da notícia' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Notícia']);
    expect(await screen.findByText('Comunicados: Nova notícia')).toBeInTheDocument();
    // a new item is published: the toggle starts on
    expect(await screen.findByRole('switch', { name: 'Status' })).toBeChecked();
    expect(screen.getByText('Publicada')).toBeInTheDocument();
  });

  it('applies the §5 rules before sending: title, content, audience, and the timezone when a date is set', async () => {
    const spy = renderEditor('/news/0', async () => { throw new Error('nothing to send'); });
    await userEvent.type(await screen.findByLabelText('Título *'), 'Comunicado 🎉');
    fireEvent.change(screen.getByLabelText('Publicar em'), { target: { value: '2026-12-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Certifique-se de que todos os campos estão preenchidos.')).length).toBeGreaterThan(0);
    // the timezone is required once a date is chosen (spec 3 §5)
    const zone = screen.getByRole('combobox', { name: 'Fuso horário' });
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(spy).not.toHaveBeenCalled();
  });

  it('saves an item with PUT: emoticons stripped, dates with the zone\'s offset, lists only when chosen; then back to admin_news', async () => {
    const bodies: unknown[] = [];
    renderEditor('/news/7', async (path, method, body) => {
      if (path === NEWS_PATHS.item(7) && method === 'GET') return news;
      if (path === NEWS_PATHS.item(7) && method === 'PUT') {
        bodies.push(body);
        return { ...news, title: (body as { title: string }).title, status: 2 };
      }
      throw new Error(`unexpected ${method} ${path}`);
    });
    const title = await screen.findByLabelText('Título *');
    await waitFor(() => expect(title).toHaveValue('Nova coleção'));
    await userEvent.clear(title);
    await userEvent.type(title, 'Coleção de verão ☀️');
    // the timezone select filters as one types
    const zone = screen.getByRole('combobox', { name: 'Fuso horário' });
    await userEvent.click(zone);
    fireEvent.change(zone, { target: { value: 'Sao_Paulo' } });
    await userEvent.click(await screen.findByRole('option', { name: /America\/Sao_Paulo/ }));
    fireEvent.change(screen.getByLabelText('Publicar em'), { target: { value: '2026-12-01T09:00' } });
    // the read-only public link of a saved item
    expect(screen.getByLabelText('Link da notícia')).toHaveValue('http://localhost:3000/news/7');
    // the status toggle: published (green) / unpublished (red)
    await userEvent.click(screen.getByRole('switch', { name: 'Status' }));
    expect(screen.getByText('Não publicada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      title: 'Coleção de verão', image_url: null, content: '<p>Chegou a coleção</p>', status: 2, timezone: 'America/Sao_Paulo',
      publish_date: '2026-12-01T09:00:00-03:00', unpublish_date: null, user_groups: [3],
      news_image_alt_texts: { 'pt-br': '', 'en-us': '', 'es-es': '', 'fr-fr': '' },
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/news$/));
    expect(await screen.findByText('Notícia atualizada com sucesso.')).toBeInTheDocument();
  });

  it('shows the comments tab of a saved item, stars hidden for news', async () => {
    const comments = [
      { id: 1, user: { id: 3, full_name: 'Lia Learner' }, stars: null, comment: 'Ótima notícia!', status: 1, created_at: '2026-11-21T10:00:00Z' },
    ];
    const json = renderEditor('/news/7/comments', async (path) => {
      if (path === NEWS_PATHS.item(7)) return news;
      if (path === commentsListPath('news', 7)) return comments;
      throw new Error(`unexpected ${path}`);
    });
    const tabs = await screen.findByRole('tablist', { name: 'Abas da notícia' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Notícia', 'Comentários']));
    expect(await screen.findByText('Ótima notícia!')).toBeInTheDocument();
    expect(json).toHaveBeenCalledWith(commentsListPath('news', 7), 'GET');
    expect(screen.queryByRole('columnheader', { name: /Estrelas|Avaliação/ })).not.toBeInTheDocument();
  });

  it('has no comments tab when the client does not use news comments', async () => {
    renderEditor('/news/7/comments', async () => news, userWith({ use_comments_news: false }));
    const tabs = await screen.findByRole('tablist', { name: 'Abas da notícia' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Notícia']);
    expect(await screen.findByLabelText('Título *')).toBeInTheDocument();
  });
});
