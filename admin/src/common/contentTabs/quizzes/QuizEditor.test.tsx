import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { QuizEditor } from './QuizEditor.tsx';
import { TEST_TYPES, wireQuestion, wireTest } from './quizFixtures.ts';
import { i18n } from '../../../test/fixtures.ts';
import { screenFakes, type CallMocks } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../http/index.ts';

const P = '/admin_group_trainings/group_trainings/7/group_training_tests/';

function renderEditor(options: { testId?: number | null; canManage?: boolean; test?: Record<string, unknown>; questions?: Array<Record<string, unknown>> } = {}) {
  const { testId = null, canManage = true, test = wireTest(), questions = [] } = options;
  const serveJson = vi.fn(async (path: string) => (path.includes('group_training_test_questions') ? { count: questions.length, results: questions } : test));
  const serveForm = vi.fn(async (_path: string, _method: string, fields: Record<string, unknown>) => wireTest({ id: 31, ...fields, group_training_test_type: Number(fields.group_training_test_type) }));
  const onIdChange = vi.fn();
  const onBack = vi.fn();
  // the questions come through the data provider (a nested resource), the test through the screen's calls
  const { dataProvider, http } = screenFakes({ serveJson, serveForm } as unknown as CallMocks);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ContractHttpProvider value={http}>
        <QuizEditor owner={GROUP_TRAINING_TESTS} ownerId={7} testId={testId} canManage={canManage} types={TEST_TYPES} onIdChange={onIdChange} onBack={onBack} />
        <Notification />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { serveJson, serveForm, onIdChange, onBack };
}

async function chooseType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Tipo de prova/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const field = (name: RegExp) => screen.queryByLabelText(name, { selector: 'input' });

describe('QuizEditor (spec 2 §2.3 test editor, §5.3, §4.4, §4.5)', () => {
  it('shows the fields the chosen type uses, with the type\'s description', async () => {
    renderEditor();
    expect(screen.getByLabelText(/Título/, { selector: 'input' })).toBeInTheDocument();
    expect(field(/Máximo de tentativas/)).toBeNull();
    expect(field(/Tempo para responder/)).toBeNull();
    expect(field(/Nota mínima/)).toBeNull();

    await chooseType('Bloqueio');
    expect(screen.getByText('Tentativas limitadas; ao reprovar, o aluno é bloqueado no treinamento e não recebe certificado.')).toBeInTheDocument();
    expect(field(/Máximo de tentativas/)).toBeInTheDocument();
    expect(field(/Nota mínima/)).toBeInTheDocument();
    expect(field(/Tempo para responder/)).toBeNull();

    await chooseType('Cronometrada com reinício');
    expect(field(/Tempo para responder/)).toBeInTheDocument();
    expect(field(/Máximo de tentativas/)).toBeNull();

    await chooseType('Quiz não avaliativo');
    expect(field(/Nota mínima/)).toBeNull();
    expect(field(/Tempo para responder/)).toBeNull();
    // always there
    for (const label of [/Disponível a partir de/, /Pontuação da prova/, /Número de questões da prova/]) expect(field(label)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Questões aleatórias' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alternativas aleatórias' })).toBeChecked();
    // a new test is unpublished
    expect(screen.getByRole('switch', { name: 'Não publicada' })).not.toBeChecked();
  });

  it('refuses an invalid form: the message, the field errors, the focus on the first one; nothing is sent', async () => {
    const { serveForm } = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Certifique-se de que todos os campos estão preenchidos.');
    // the two required fields say so under themselves
    expect(screen.getAllByText('Certifique-se de que todos os campos estão preenchidos.')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: /Tipo de prova/ })).toHaveFocus();
    await chooseType('Cronometrada com bloqueio');
    fireEvent.change(screen.getByLabelText(/Título/, { selector: 'input' }), { target: { value: 'Prova' } });
    fireEvent.change(field(/Tempo para responder/)!, { target: { value: '00:00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o tempo para responder no formato HH:mm:ss.')).toBeInTheDocument();
    expect(field(/Tempo para responder/)).toHaveFocus();
    expect(serveForm).not.toHaveBeenCalled();
  });

  it('saves a new test with the §7.1 form and returns to the list', async () => {
    const { serveForm, onBack, onIdChange } = renderEditor();
    await chooseType('Bloqueio');
    fireEvent.change(screen.getByLabelText(/Título/, { selector: 'input' }), { target: { value: ' Prova de bloqueio ' } });
    fireEvent.change(field(/Máximo de tentativas/)!, { target: { value: '3' } });
    await userEvent.click(screen.getByRole('switch', { name: 'Alternativas aleatórias' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onBack).toHaveBeenCalled());
    expect(serveForm).toHaveBeenCalledWith(P, 'POST', {
      title: 'Prova de bloqueio', group_training_test_type: '2', status: 2, randomize_questions: true, randomize_answers: false,
      qty_total_questions: '', test_score: '0', maximum_attempts: '3',
    });
    expect(onIdChange).toHaveBeenCalledWith(31);
    expect(await screen.findByText('Prova cadastrada com sucesso')).toBeInTheDocument();
  });

  it('saves a new test first when a question is added, then opens the question dialog (§4.5)', async () => {
    const { serveForm, onIdChange, onBack } = renderEditor();
    await chooseType('Convencional');
    fireEvent.change(screen.getByLabelText(/Título/, { selector: 'input' }), { target: { value: 'Prova' } });
    await userEvent.click(screen.getByRole('button', { name: 'Nova questão' }));
    expect(await screen.findByRole('dialog', { name: 'Nova questão' })).toBeInTheDocument();
    expect(serveForm).toHaveBeenCalledWith(P, 'POST', expect.objectContaining({ title: 'Prova', group_training_test_type: '1' }));
    expect(onIdChange).toHaveBeenCalledWith(31);
    expect(onBack).not.toHaveBeenCalled();
    // no message for the save that precedes a question
    expect(screen.queryByText('Prova cadastrada com sucesso')).toBeNull();
  });

  it('loads a test with its questions; Preview only when questions exist', async () => {
    const questions = [wireQuestion(1, '<p>Qual é a <b>cor</b> do céu?</p>', [['<p>Azul</p>', true], ['<p>Verde</p>', false]])];
    renderEditor({ testId: 31, test: wireTest({ group_training_test_type: 6, time_to_answer: '00:30:00', minimum_score: 1, qty_questions: 1, test_score: 0 }), questions });
    const table = await screen.findByRole('table', { name: 'Questões' });
    expect(await within(table).findByText('Qual é a cor do céu?')).toBeInTheDocument();
    expect(field(/Tempo para responder/)).toHaveValue('00:30:00');
    expect(field(/Pontuação da prova/)).toHaveValue(null);
    await userEvent.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    const preview = await screen.findByRole('dialog', { name: 'Pré-visualização: Prova final' });
    expect(within(preview).getByRole('radio', { name: 'Azul' })).toBeDisabled();
    expect(within(preview).getByText('cor').tagName).toBe('B');
  });

  it('sums up the question bank with each count in its plural form (issue #25 item 4)', async () => {
    const questions = [
      wireQuestion(1, '<p>A</p>', [['S', true], ['N', false]]),
      wireQuestion(2, '<p>B</p>', [['S', true], ['N', false]], { is_mandatory: false }),
      wireQuestion(3, '<p>C</p>', [['S', true], ['N', false]], { is_mandatory: false }),
    ];
    renderEditor({ testId: 31, test: wireTest({ group_training_test_type: 2, qty_questions: 3 }), questions });
    expect(await screen.findByText('Banco: 3 questões, 1 obrigatória e 2 aleatórias. Em branco = todas.')).toBeInTheDocument();
  });

  it('hides Preview without questions', async () => {
    renderEditor({ testId: 31 });
    expect(await screen.findByText('Nenhuma questão cadastrada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pré-visualizar' })).toBeNull();
  });

  it('deletes a question after confirmation; the questions and the test load again', async () => {
    const questions = [wireQuestion(1, '<p>Q</p>', [['A', true], ['B', false]])];
    const { serveJson } = renderEditor({ testId: 31, test: wireTest({ qty_questions: 1 }), questions });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir a questão Q' }));
    const dialog = await screen.findByRole('dialog');
    serveJson.mockClear();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
    const Q = `${P}31/group_training_test_questions/`;
    await waitFor(() => expect(serveJson.mock.calls.map((call: unknown[]) => `${String(call[1])} ${String(call[0])}`)).toEqual([
      `DELETE ${Q}1/`,
      `GET ${Q}?page_size=0`,
      `GET ${P}31/`,
    ]));
  });

  it('with results: the warning, and type, attempts, exam size, minimum score, import, new and delete locked (§4.4)', async () => {
    const questions = [wireQuestion(1, '<p>Q</p>', [['A', true], ['B', false]])];
    renderEditor({ testId: 31, test: wireTest({ group_training_test_type: 2, maximum_attempts: 2, qty_user_results: 4, qty_questions: 1 }), questions });
    expect(await screen.findByText(/Esta prova já tem realizações/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Tipo de prova/ })).toHaveAttribute('aria-disabled', 'true'));
    expect(field(/Máximo de tentativas/)).toBeDisabled();
    expect(field(/Número de questões da prova/)).toBeDisabled();
    expect(field(/Nota mínima/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Importar prova' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nova questão' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Excluir a questão Q' })).toBeDisabled();
    // still editable
    expect(screen.getByLabelText(/Título/, { selector: 'input' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Editar a questão Q' })).toBeEnabled();
  });

  it('without trainings_manage: read-only, Back remains', async () => {
    const { onBack } = renderEditor({ testId: 31, canManage: false });
    await screen.findByText('Nenhuma questão cadastrada');
    expect(screen.getByLabelText(/Título/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nova questão' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(onBack).toHaveBeenCalled();
  });
});
