import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { PODCAST_PATHS, type Playlist } from '@lp/shared/contract';
import { i18n } from '../../test/fixtures.ts';
import { wireDataProvider } from '../../test/wireFakes.ts';
import { PlaylistDialog, moveItem } from './PlaylistDialog.tsx';

const playlist: Playlist = {
  id: 4, title: 'Semana 1', description: '', total_duration: 130,
  podcasts: [{ id: 1, title: 'Abertura', duration: 70, status: 1 }, { id: 2, title: 'Vendas', duration: 60, status: 1 }],
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function renderDialog(current: Playlist | null, canManage = true) {
  const serveJson = vi.fn(async (_path: string, _method: string, _body?: unknown) => playlist);
  const onSaved = vi.fn();
  // the real data provider over the test's server: the playlist is saved with react-admin's create/update
  const dataProvider = wireDataProvider(serveJson, {
    getList: async () => ({ data: [{ id: 1, title: 'Abertura', duration: 70 }, { id: 2, title: 'Vendas', duration: 60 }, { id: 3, title: 'Fechamento', duration: 30 }], total: 3 }),
  } as unknown as Partial<DataProvider>);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <PlaylistDialog playlist={current} canManage={canManage} onClose={() => undefined} onSaved={onSaved} />
      <Notification />
    </AdminContext>,
  );
  return { serveJson, onSaved };
}

describe('playlist dialog (spec 3 §3 "Podcast": playlists)', () => {
  it('moves items one place at a time', () => {
    expect(moveItem([1, 2, 3], 2, 'up')).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 'up')).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, 'down')).toEqual([2, 1, 3]);
  });

  it('saves the podcasts in the order shown after moving one up', async () => {
    const { serveJson, onSaved } = renderDialog(playlist);
    await userEvent.click(await screen.findByRole('button', { name: 'Mover Vendas para cima' }));
    expect(screen.getByText('1. Vendas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalled());
    expect(serveJson).toHaveBeenCalledWith(PODCAST_PATHS.playlist(4), 'PUT', { title: 'Semana 1', description: '', podcasts: [2, 1] });
    expect(onSaved).toHaveBeenCalled();
    expect(await screen.findByText('Playlist editada com sucesso')).toBeInTheDocument();
  });

  it('adds a podcast at the end and refuses a playlist without a title', async () => {
    const { serveJson } = renderDialog(null);
    await userEvent.click(await screen.findByLabelText('Adicionar podcast'));
    await userEvent.click(await screen.findByRole('option', { name: 'Fechamento' }));
    expect(screen.getByText('1. Fechamento')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(serveJson).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Título/), 'Nova');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(PODCAST_PATHS.playlists, 'POST', { title: 'Nova', description: '', podcasts: [3] }));
  });
});
