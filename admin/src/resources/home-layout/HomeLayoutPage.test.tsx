import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type HomeLayout } from '@lp/shared/contract';
import { HOME_BLOCKS } from '@lp/shared/rules';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { HomeLayoutPage } from './HomeLayoutPage.tsx';

const PATH = ADMIN_RESOURCES.home_layout.apiPath;
const stored: HomeLayout = { blocks: HOME_BLOCKS.map((key) => ({ key, visible: true })) };

function renderPage(serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>) {
  const spy = vi.fn(serveJson);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(spy)}>
          <HomeLayoutPage />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return spy;
}

describe('portal home layout (spec 1 §2.3 admin home)', () => {
  it('lists every block in the client\'s order with its switch, and saves what was hidden and moved', async () => {
    const spy = renderPage(async (_path, method, body) => (method === 'PUT' ? body : stored));
    const list = await screen.findByRole('list', { name: 'Blocos da home' });
    const names = () => within(list).getAllByRole('listitem').map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(names()).toEqual(['Próximos passos', 'Minha pontuação', 'Estatísticas', 'Agenda', 'Cursos pendentes', 'Trilhas pendentes', 'Concluídos', 'Ranking', 'Extrato de pontos', 'Linha do tempo']);
    expect(screen.getByText('10 blocos exibidos')).toBeInTheDocument();
    // the first cannot go up, the last cannot go down
    expect(screen.getByRole('button', { name: 'Mover Próximos passos para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover Linha do tempo para baixo' })).toBeDisabled();

    await userEvent.click(screen.getByRole('switch', { name: 'Exibir Ranking' }));
    expect(screen.getByText('9 blocos exibidos')).toBeInTheDocument();
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Mover Agenda para cima' }));
    expect(names().slice(0, 2)).toEqual(['Agenda', 'Próximos passos']);

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith(PATH, 'PUT', expect.anything()));
    const sent = spy.mock.calls.find(([, method]) => method === 'PUT')![2] as HomeLayout;
    expect(sent.blocks.map((b) => b.key)).toEqual(['schedule', 'next_steps', 'my_score', 'statistics', 'pending_courses', 'pending_trails', 'finished', 'ranking', 'points_statement', 'timeline']);
    expect(sent.blocks.filter((b) => !b.visible).map((b) => b.key)).toEqual(['ranking']);
    expect(await screen.findByText('Layout da home salvo.')).toBeInTheDocument();
  });

  it('warns when no block is shown', async () => {
    renderPage(async () => ({ blocks: stored.blocks.map((b) => ({ ...b, visible: false })) }));
    expect(await screen.findByText(/Nenhum bloco exibido/)).toBeInTheDocument();
  });
});
