import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { GAME_PATHS, type GameListItem } from '@lp/shared/contract';
import { i18n } from '../../test/fixtures.ts';
import { screenFakes } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrainingGamesTab } from './TrainingGamesTab.tsx';

const ID = 7;
const LIST = `${GAME_PATHS.collection(ID)}?page_size=0`;

const game = (overrides: Partial<GameListItem> = {}): GameListItem => ({
  id: 31, title: 'Complete a frase', group_training_game_type: { id: 2, slug: 'fill_in_the_blanks' }, status: 1, avaliable_in: '2026-12-01', score: 15, ...overrides,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderTab({ canManage = true, rows = [game(), game({ id: 32, title: 'Verdade?', group_training_game_type: { id: 8, slug: 'true_or_false' }, status: 2, avaliable_in: null, score: 0 })] } = {}) {
  let listed = [...rows];
  const serveJson = vi.fn(async (path: string, method: string) => {
    // the list answers the DRF envelope: page_size=0 is every row as {count, results}
    if (path === LIST && method === 'GET') return { count: listed.length, results: listed };
    if (method === 'DELETE') {
      listed = listed.filter((row) => GAME_PATHS.item(ID, row.id) !== path);
      return undefined;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  const { dataProvider, http } = screenFakes({ serveJson });
  render(
    <MemoryRouter initialEntries={[`/trainings/${ID}/games`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/*" element={<><TrainingGamesTab trainingId={ID} canManage={canManage} /><Where /></>} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson };
}

const table = () => screen.findByRole('table', { name: 'Jogos' });

describe('TrainingGamesTab (spec 2 §2.3 Games tab)', () => {
  it('lists every game of the training: id, title, translated type, status, date and score', async () => {
    const { serveJson } = renderTab();
    const t = await table();
    await within(t).findByText('Complete a frase');
    const rows = within(t).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID', 'Título', 'Tipo', 'Status', 'Disponível a partir de', 'Pontuação', 'Ações',
    ]);
    expect(rows[1]).toHaveTextContent('31Complete a fraseComplete as lacunasPublicado01/12/202615');
    expect(rows[2]).toHaveTextContent('32Verdade?Verdadeiro ou falsoNão publicado0');
    expect(serveJson).toHaveBeenCalledWith(LIST, 'GET');
  });

  it('deletes a game after confirmation and loads the table again', async () => {
    const { serveJson } = renderTab();
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Excluir Complete a frase' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Deseja excluir o jogo "Complete a frase"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(GAME_PATHS.item(ID, 31), 'DELETE'));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Jogos' })).queryByText('Complete a frase')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Jogos' })).getByText('Verdade?')).toBeInTheDocument();
    expect(serveJson.mock.calls.filter(([path]) => path === LIST)).toHaveLength(2);
  });

  it('opens the game editor on its own route for New and edit', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo jogo' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/trainings/${ID}/games/new`);
    expect(await screen.findByRole('heading', { name: 'Novo jogo' })).toBeInTheDocument();
  });

  it('without trainings_manage: New and delete are disabled, edit still opens the game to view (spec 2 §6)', async () => {
    renderTab({ canManage: false });
    const t = await table();
    await within(t).findByText('Complete a frase');
    expect(screen.getByRole('button', { name: 'Novo jogo' })).toBeDisabled();
    expect(within(t).getByRole('button', { name: 'Excluir Complete a frase' })).toBeDisabled();
    expect(within(t).getByRole('button', { name: 'Editar Complete a frase' })).toBeEnabled();
  });
});
