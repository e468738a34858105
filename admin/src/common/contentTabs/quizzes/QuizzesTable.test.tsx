import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { QuizzesTable } from './QuizzesTable.tsx';
import { TEST_TYPES, wireTest } from './quizFixtures.ts';
import { i18n } from '../../../test/fixtures.ts';
import { mockHttp, wireDataProvider, type CallMocks } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../http/index.ts';

const ROWS = [
  wireTest({ id: 31, title: 'Prova final', group_training_test_type: 2, qty_questions: 10, qty_total_questions: 5, qty_user_results: 3, status: 1, avaliable_in: '2026-12-24', test_score: 50 }),
  wireTest({ id: 32, title: 'Quiz rápido', group_training_test_type: 5, qty_questions: 4, qty_total_questions: null, qty_user_results: 0, status: 2, test_score: 0 }),
];

function renderTable(canManage = true) {
  const getList = vi.fn(async () => ({ data: ROWS, total: 2 }));
  const serveJson = vi.fn(async () => undefined);
  const onEdit = vi.fn();
  render(
    <AdminContext dataProvider={wireDataProvider(serveJson, { getList } as never)} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp({ serveJson } as unknown as CallMocks)}>
        <QuizzesTable owner={GROUP_TRAINING_TESTS} ownerId={7} canManage={canManage} types={TEST_TYPES} onEdit={onEdit} onBack={vi.fn()} />
        <Notification />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { getList, serveJson, onEdit };
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Provas' });
  await within(table).findByText('Prova final');
  return within(table).getAllByRole('row');
};

describe('QuizzesTable (spec 2 §2.3 Tests tab)', () => {
  it('asks the server for a page of the training\'s tests (all rows by default)', async () => {
    const { getList } = renderTable();
    await rows();
    // the nested resource trainings/7/tests, mapped to the contract path by the data provider
    expect(getList).toHaveBeenCalledWith('trainings/7/tests', expect.objectContaining({
      pagination: { page: 1, perPage: 1000 },
    }));
    await userEvent.click(screen.getByRole('combobox', { name: /Linhas por página/ }));
    await userEvent.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ pagination: { page: 1, perPage: 5 } })));
  });

  it('shows id, title, type, question counts, realizations, the feminine status chip, date and score (0 blank)', async () => {
    renderTable();
    const [header, first, second] = await rows();
    expect(within(header!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID', 'Título', 'Tipo', 'Questões', 'Questões exibidas', 'Realizações', 'Status', 'Disponível em', 'Pontuação', 'Ações',
    ]);
    expect(within(first!).getAllByRole('cell').slice(0, 9).map((c) => c.textContent)).toEqual([
      '31', 'Prova final', 'Bloqueio', '10', '5', '3', 'Publicada', '24/12/2026', '50',
    ]);
    // questions displayed falls back to the question count; a 0 score is blank
    expect(within(second!).getAllByRole('cell').slice(0, 9).map((c) => c.textContent)).toEqual([
      '32', 'Quiz rápido', 'Quiz não avaliativo', '4', '4', '0', 'Não publicada', '', '',
    ]);
  });

  it('opens the editor for New and edit; deletes after confirmation', async () => {
    const { onEdit, serveJson, getList } = renderTable();
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Nova prova' }));
    expect(onEdit).toHaveBeenLastCalledWith(null);
    await userEvent.click(screen.getByRole('button', { name: 'Editar a prova Quiz rápido' }));
    expect(onEdit).toHaveBeenLastCalledWith(32);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir a prova Quiz rápido' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Deseja excluir a prova "Quiz rápido"?');
    expect(serveJson).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: /confirmar/i }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith('/admin_group_trainings/group_trainings/7/group_training_tests/32/', 'DELETE'));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('without trainings_manage: New and delete disabled, edit (viewing) remains', async () => {
    renderTable(false);
    await rows();
    expect(screen.getByRole('button', { name: 'Nova prova' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir a prova Prova final' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Editar a prova Prova final' })).toBeEnabled();
  });
});
