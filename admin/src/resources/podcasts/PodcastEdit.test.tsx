import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type Podcast } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { commentsResource } from '../../common/nested/nestedResources.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { PodcastCreate, PodcastEdit } from './PodcastEdit.tsx';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
// tus itself is tested in common/upload; here a chosen file "finishes" at once with a known id
vi.mock('../../common/upload/useTusUpload.ts', async () => {
  const { useState } = await import('react');
  return {
    useTusUpload: () => {
      const [state, setState] = useState<Record<string, unknown>>({ status: 'idle' });
      return {
        state,
        percent: state.status === 'done' ? 100 : 0,
        start: (file: File) => setState({ status: 'done', file, uploadId: `up-${file.name}`, url: `/api/files/tus/up-${file.name}` }),
        pause: () => undefined,
        resume: () => undefined,
        cancel: () => setState({ status: 'idle' }),
      };
    },
  };
});

const RESOURCE = ADMIN_RESOURCES.podcasts.name;
const json = vi.mocked(apiClient.json);

const stored: Podcast = {
  id: 7, title: 'Abertura', description: 'Primeiro episódio', image_url: null, status: 1, date_to_unpublish: null,
  resource: 'podcasts/audios/abc/ep.mp3', resource_url: 'http://localhost/media/podcasts/audios/abc/ep.mp3', file_name: 'ep.mp3',
  extension: 'mp3', size: 28000, duration: 75.4, tags: [], areas: [], profiles: [], user_groups: [5], listeners: 2, finished: 1,
  likes: 1, comments: 1, published_at: '2026-11-20T10:00:00Z', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

const lookups: Record<string, Array<{ id: number; name: string }>> = {
  lookup_areas: [{ id: 1, name: 'Vendas' }], lookup_profiles: [{ id: 3, name: 'Vendedor' }], lookup_user_groups: [{ id: 5, name: 'Novatos' }], tags: [],
};

function renderAt(path: string, slugs: string[], overrides: Partial<DataProvider> = {}) {
  const dataProvider = testDataProvider({
    getList: async (resource: string) => ({ data: lookups[resource] ?? [], total: lookups[resource]?.length ?? 0 }),
    getMany: async () => ({ data: [] }),
    getOne: async () => ({ data: stored }),
    ...overrides,
  } as unknown as Partial<DataProvider>);
  const user = sessionUser({ user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }] });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path="/podcasts/create" element={<PodcastCreate />} />
            <Route path="/podcasts/:id/*" element={<PodcastEdit />} />
            <Route path="/podcasts" element={<p>podcasts list</p>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('podcast editor (spec 3 §2, §3 "Podcast", §7 comments)', () => {
  beforeEach(() => json.mockReset());

  it('opens a saved podcast with the podcast and comments tabs and shows the duration read by the server', async () => {
    renderAt('/podcasts/7', ['podcasts', 'podcasts_manage']);
    const tabs = await screen.findByRole('tablist', { name: 'Abas do podcast' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Podcast', 'Comentários']);
    expect(await screen.findByText('Duração: 1:15')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ep.mp3' })).toHaveAttribute('href', stored.resource_url);
  });

  it('lists the comments of origin podcast in the comments tab (the shared moderation table)', async () => {
    // the comments are the nested resource podcasts/7/comments (at commentsListPath('podcast', 7))
    const comments = [{ id: 3, user: { id: 1, full_name: 'Lia Learner' }, stars: 5, comment: 'Ótimo episódio', status: 1 }];
    const getList = vi.fn(async (resource: string) => (resource === commentsResource('podcast', 7)
      ? { data: comments, total: 1 }
      : { data: lookups[resource] ?? [], total: lookups[resource]?.length ?? 0 }));
    renderAt('/podcasts/7/comments', ['podcasts', 'podcasts_manage'], { getList } as Partial<DataProvider>);
    expect(await screen.findByText('Ótimo episódio')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('podcasts/7/comments', expect.anything());
  });

  it('is read-only without podcasts_manage', async () => {
    renderAt('/podcasts/7', ['podcasts']);
    await waitFor(() => expect(screen.getByLabelText(/Título/)).toHaveValue('Abertura'));
    expect(screen.getByLabelText(/Título/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it('refuses an audio that is not mp3 or wav before sending it', async () => {
    renderAt('/podcasts/0', ['podcasts', 'podcasts_manage']);
    await userEvent.upload(await screen.findByTestId('podcast_audio-file'), new File(['x'], 'musica.ogg'), { applyAccept: false });
    expect(await screen.findByText('Formato de arquivo não permitido para este tipo de conteúdo.')).toBeInTheDocument();
  });

  it('creates a podcast with the uploaded audio and says "Áudio adicionado com sucesso"', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...stored, ...data, id: 8 } }));
    renderAt('/podcasts/0', ['podcasts', 'podcasts_manage'], { create } as Partial<DataProvider>);
    await userEvent.type(await screen.findByLabelText(/Título/), 'Segundo episódio');
    await userEvent.upload(screen.getByTestId('podcast_audio-file'), new File(['ID3'], 'ep2.mp3'));
    await userEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    const allAreas = await screen.findByRole('checkbox', { name: 'Selecionar todas as áreas' });
    await waitFor(() => expect(allAreas).toBeEnabled());
    await userEvent.click(allAreas);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Todos os perfis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      title: 'Segundo episódio', description: '', image_url: null, status: 1, date_to_unpublish: null, resource: 'up-ep2.mp3',
      tags: [], areas: [1], profiles: [3], user_groups: [],
    });
    expect(await screen.findByText('Áudio adicionado com sucesso')).toBeInTheDocument();
  });
});
