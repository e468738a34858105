import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryPreviewKind } from '@lp/shared/rules';
import type { LearnerLibraryFile } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';

// the video player (video.js) is its own lazy chunk: a stand-in shows when it is asked for
vi.mock('../../components/video-player/index.tsx', () => ({
  VideoPlayer: ({ url, title }: { url: string; title: string }) => <p data-testid="video-player">{title}: {url}</p>,
}));

let seq = 0;
function file(title: string, extension: string, extra: Partial<LearnerLibraryFile> = {}): LearnerLibraryFile {
  seq += 1;
  return {
    id: seq, title, description: '', category: { id: 2, name: 'Manuais' }, tags: [], file_name: `${title}.${extension}`, extension, size: 2048,
    preview: libraryPreviewKind(extension), preview_url: `/media/library/${seq}/${title}.${extension}`, allow_download: true,
    viewed: false, downloaded: false, created_at: '2026-11-20T10:00:00Z', ...extra,
  };
}

const guide = file('Guia', 'pdf');
const photo = file('Quadro', 'png', { allow_download: false });
const talk = file('Palestra', 'mp4');
const jingle = file('Vinheta', 'mp3');
const sheet = file('Metas', 'xlsx');
const FILES = [guide, photo, talk, jingle, sheet];

/** The library queries sent, as URLSearchParams. */
function libraryQueries(fetchMock: { mock: { calls: unknown[][] } }): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/library/')
    .map((url) => url.searchParams);
}

function serve(extra: Record<string, [number, unknown] | ((c: FakeCall) => [number, unknown])> = {}) {
  return fakeApi({
    'GET /lookups/areas/': [200, [{ id: 1, name: 'Vendas' }]],
    'GET /lookups/user_groups/': [200, [{ id: 5, name: 'Novatos' }]],
    'GET /library/filters/': [200, { categories: [{ id: 2, name: 'Manuais' }, { id: 3, name: 'Políticas' }], tags: [{ id: 7, name: 'Produto' }], extensions: ['mp3', 'mp4', 'pdf', 'png', 'xlsx'] }],
    'GET /library/': [200, { count: FILES.length, results: FILES }],
    ...Object.fromEntries(FILES.map((f) => [`POST /library/${f.id}/view/`, [200, { ...f, viewed: true }]])),
    ...extra,
  });
}

const openPreview = async (title: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `Visualizar ${title}` }));
  return screen.findByRole('region', { name: title });
};

describe('library (spec 3 §2 library, spec 1 §2.2 filters)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('keeps the chosen filters for the list: they are sent again when the library is opened later', async () => {
    const { fetchMock } = serve();
    const view = await renderWithApp(undefined, { path: '/library' });
    expect(await screen.findByText('5 arquivos')).toBeInTheDocument();
    expect(Object.fromEntries(libraryQueries(fetchMock)[0]!)).toMatchObject({ selected_areas: 'all', selected_categories: 'all' });
    const filters = screen.getByRole('search', { name: 'Filtros da biblioteca' });
    await userEvent.click(await within(filters).findByRole('checkbox', { name: 'Políticas' }));
    await userEvent.click(await within(filters).findByRole('checkbox', { name: 'pdf' }));
    await waitFor(() => expect(Object.fromEntries(libraryQueries(fetchMock).at(-1)!)).toMatchObject({ selected_categories: '3', selected_extensions: 'pdf' }));
    view.unmount();

    const again = serve();
    await renderWithApp(undefined, { path: '/library' });
    await screen.findByText('5 arquivos');
    expect(Object.fromEntries(libraryQueries(again.fetchMock)[0]!)).toMatchObject({ selected_categories: '3', selected_extensions: 'pdf' });
  });

  it('library/{name} searches the library by that name', async () => {
    const { fetchMock } = serve();
    await renderWithApp(undefined, { path: '/library/Guia%20de%20atendimento' });
    expect(await screen.findByText('Resultados para "Guia de atendimento"')).toBeInTheDocument();
    await waitFor(() => expect(libraryQueries(fetchMock)[0]!.get('search')).toBe('Guia de atendimento'));
    expect(screen.getByRole('searchbox', { name: 'Pesquisar por nome' })).toHaveValue('Guia de atendimento');
  });

  it('previews a PDF in a frame, and says "PDF not supported by the browser" with the download where it cannot', async () => {
    const { calls } = serve();
    const view = await renderWithApp(undefined, { path: '/library' });
    const panel = await openPreview('Guia');
    const frame = panel.querySelector('object')!;
    expect(frame).toHaveAttribute('type', 'application/pdf');
    expect(frame).toHaveAttribute('data', guide.preview_url);
    // the view is counted once, by the server
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === `/library/${guide.id}/view/`)).toHaveLength(1));
    view.unmount();

    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, get: () => false });
    try {
      serve();
      await renderWithApp(undefined, { path: '/library' });
      const fallback = await openPreview('Guia');
      expect(within(fallback).getByText('PDF não suportado pelo navegador.')).toBeInTheDocument();
      expect(within(fallback).getAllByRole('button', { name: 'Baixar Guia' })).not.toHaveLength(0);
      expect(fallback.querySelector('object')).toBeNull();
    } finally {
      delete (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled;
    }
  });

  it('previews images, videos (the lazy player) and audios, and says when a kind has no preview', async () => {
    serve();
    await renderWithApp(undefined, { path: '/library' });
    expect(within(await openPreview('Quadro')).getByRole('img', { name: 'Quadro' })).toHaveAttribute('src', photo.preview_url);
    expect(await within(await openPreview('Palestra')).findByTestId('video-player')).toHaveTextContent(`Palestra: ${talk.preview_url}`);
    expect((await openPreview('Vinheta')).querySelector('audio')).toHaveAttribute('src', jingle.preview_url);
    expect(within(await openPreview('Metas')).getByText('Este tipo de arquivo não tem visualização no portal.')).toBeInTheDocument();
  });

  it('offers the download only where the file allows it, and says when it fails', async () => {
    serve({ [`GET /library/${guide.id}/download/`]: [403, { detail: 'no', code: 'download_not_allowed' }] });
    await renderWithApp(undefined, { path: '/library' });
    const photoCard = await screen.findByRole('article', { name: 'Quadro' });
    expect(within(photoCard).queryByRole('button', { name: /Baixar/ })).not.toBeInTheDocument();
    const guideCard = screen.getByRole('article', { name: 'Guia' });
    await userEvent.click(within(guideCard).getByRole('button', { name: 'Baixar Guia' }));
    expect(await within(guideCard).findByText('Falha no download do arquivo: este arquivo não pode ser baixado.')).toBeInTheDocument();
  });
});
