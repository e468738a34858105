import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { QuestionDialog } from './QuestionDialog.tsx';
import { readQuestion, type QuestionData } from './quizData.ts';
import { dataProviderWith, wireQuestion } from './quizFixtures.ts';
import { i18n } from '../../../test/fixtures.ts';
import { mockHttp, type CallMocks } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../http/index.ts';

const QUESTIONS = '/admin_group_trainings/group_trainings/7/group_training_tests/31/group_training_test_questions/';
const ANSWERS = GROUP_TRAINING_TESTS.answersField;

function renderDialog(options: { question?: QuestionData | null; locked?: boolean; serveJson?: ReturnType<typeof vi.fn> } = {}) {
  const serveJson = options.serveJson ?? vi.fn(async () => ({}));
  const onSaved = vi.fn();
  render(
    <AdminContext dataProvider={dataProviderWith({ serveJson })} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp({ serveJson } as unknown as CallMocks)}>
        <QuestionDialog
          owner={GROUP_TRAINING_TESTS}
          ownerId={7}
          testId={31}
          question={options.question ?? null}
          canManage
          locked={options.locked ?? false}
          onClose={vi.fn()}
          onSaved={onSaved}
        />
        <Notification />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { serveJson, onSaved };
}

/** Types HTML into the rich-text editor inside `container` through its HTML source dialog. */
async function setRichText(container: HTMLElement, html: string) {
  const bar = await within(container).findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
  await waitFor(() => expect(within(bar).getByRole('button', { name: 'Código HTML' })).toBeEnabled());
  await userEvent.click(within(bar).getByRole('button', { name: 'Código HTML' }));
  const source = await screen.findByRole('dialog', { name: 'Código-fonte HTML' });
  fireEvent.change(within(source).getByRole('textbox', { name: 'HTML' }), { target: { value: html } });
  await userEvent.click(within(source).getByRole('button', { name: 'Aplicar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Código-fonte HTML' })).toBeNull());
}

const questionDialog = () => screen.getByRole('dialog', { name: /questão/ });

async function addAlternative(html: string) {
  await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Adicionar alternativa' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar alternativa' });
  if (html) await setRichText(dialog, html);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar alternativa' })).toBeNull());
}

/** [text, correct] of each alternative row */
function alternatives(): Array<[string, boolean]> {
  const table = within(questionDialog()).getByRole('table', { name: 'Alternativas' });
  return within(table).queryAllByRole('radio').map((radio) => {
    const row = radio.closest('tr')!;
    return [row.querySelectorAll('td')[1]!.textContent ?? '', (radio as HTMLInputElement).checked];
  });
}

describe('QuestionDialog (spec 2 §2.3 question dialog, §5.4 alternatives, §4.4)', () => {
  beforeAll(() => {
    // ProseMirror measures the selection to scroll it into view; jsdom has no layout
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('applies the alternative rules: empty not added, repeats ignored, first added correct, one correct, removal', async () => {
    const { serveJson, onSaved } = renderDialog();
    await setRichText(await screen.findByRole('dialog', { name: 'Nova questão' }), '<p>Qual é a cor do céu?</p>');
    await addAlternative('<p>Azul</p>');
    expect(alternatives()).toEqual([['Azul', true]]);
    await addAlternative('');
    await addAlternative('<p><strong>azul</strong></p>');
    expect(alternatives()).toEqual([['Azul', true]]);

    // fewer than 2 alternatives: Save does nothing and says nothing
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Salvar' }));
    expect(serveJson).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull();

    await addAlternative('<p>Verde</p>');
    await addAlternative('<p>Vermelho</p>');
    expect(alternatives()).toEqual([['Azul', true], ['Verde', false], ['Vermelho', false]]);
    await userEvent.click(within(questionDialog()).getByRole('radio', { name: 'Marcar como correta: Vermelho' }));
    expect(alternatives()).toEqual([['Azul', false], ['Verde', false], ['Vermelho', true]]);
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Excluir a alternativa Vermelho' }));
    expect(alternatives()).toEqual([['Azul', true], ['Verde', false]]);

    // the edit dialog requires a title and keeps the row's place
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Editar a alternativa Verde' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar alternativa' });
    await setRichText(edit, '<p></p>');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    expect(await within(edit).findByText('Obrigatório')).toBeInTheDocument();
    await setRichText(edit, '<p>Cinza</p>');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(alternatives()).toEqual([['Azul', true], ['Cinza', false]]));

    // mandatory by default; switched off
    expect(within(questionDialog()).getByRole('switch', { name: 'Questão obrigatória' })).toBeChecked();
    await userEvent.click(within(questionDialog()).getByRole('switch', { name: 'Questão obrigatória' }));
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(serveJson).toHaveBeenCalledWith(QUESTIONS, 'POST', {
      title: '<p>Qual é a cor do céu?</p>', is_mandatory: false,
      [ANSWERS]: [{ title: '<p>Azul</p>', is_correct: true }, { title: '<p>Cinza</p>', is_correct: false }],
    });
    // spec 2 §8: creating a training test question shows no message
    expect(screen.queryByText('Questão cadastrada com sucesso')).toBeNull();
  }, 30000);

  it('requires the title', async () => {
    const question = readQuestion(GROUP_TRAINING_TESTS, wireQuestion(5, '<p></p>', [['<p>A</p>', true], ['<p>B</p>', false]]));
    const { serveJson } = renderDialog({ question });
    await within(await screen.findByRole('dialog', { name: 'Editar questão' })).findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Salvar' }));
    // the notice sits outside the modal dialog (hidden from the accessibility tree meanwhile)
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Certifique-se de que todos os campos estão preenchidos.');
    expect(within(questionDialog()).getByText('Obrigatório')).toBeInTheDocument();
    expect(serveJson).not.toHaveBeenCalled();
    // no bank import when editing
    expect(within(questionDialog()).queryByRole('button', { name: 'Importar do banco de questões' })).toBeNull();
  });

  it('edits a question keeping the alternatives\' ids; with results no alternative is added, deleted or made correct', async () => {
    const question = readQuestion(GROUP_TRAINING_TESTS, wireQuestion(5, '<p>Pergunta</p>', [['<p>A</p>', true], ['<p>B</p>', false]]));
    const { serveJson } = renderDialog({ question, locked: true });
    await within(await screen.findByRole('dialog', { name: 'Editar questão' })).findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
    expect(within(questionDialog()).getByText(/Esta prova já tem realizações/)).toBeInTheDocument();
    expect(within(questionDialog()).getByRole('button', { name: 'Adicionar alternativa' })).toBeDisabled();
    expect(within(questionDialog()).getByRole('button', { name: 'Excluir a alternativa B' })).toBeDisabled();
    expect(within(questionDialog()).getByRole('radio', { name: 'Marcar como correta: B' })).toBeDisabled();
    expect(within(questionDialog()).getByRole('button', { name: 'Editar a alternativa B' })).toBeEnabled();
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(`${QUESTIONS}5/`, 'PUT', {
      title: '<p>Pergunta</p>', is_mandatory: true,
      [ANSWERS]: [{ id: 50, title: '<p>A</p>', is_correct: true }, { id: 51, title: '<p>B</p>', is_correct: false }],
    }));
    expect(await screen.findByText('Questão atualizada com sucesso')).toBeInTheDocument();
  });

  it('imports a question from the bank: ≥ 3 characters, match underlined, read-only details, then fills the dialog', async () => {
    const hit = {
      id: 90, group_training_title: 'Atendimento ao cliente', group_training_test_title: 'Prova de atendimento',
      group_training_test_question_title: '<p>Qual é o primeiro passo do atendimento?</p>', group_training_test_question_alternatives_qty: 2,
      alternatives: [{ title: '<p>Cumprimentar</p>', is_correct: true }, { title: '<p>Ignorar</p>', is_correct: false }],
    };
    const serveJson = vi.fn(async (path: string) => (path.includes('search_group_training_questions') ? { questions: [hit] } : {}));
    renderDialog({ serveJson });
    await within(await screen.findByRole('dialog', { name: 'Nova questão' })).findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Importar do banco de questões' }));
    const bank = await screen.findByRole('dialog', { name: 'Banco de questões' });
    const search = within(bank).getByRole('combobox', { name: /Buscar por treinamento/ });
    await userEvent.type(search, 'pr');
    await new Promise((r) => setTimeout(r, 400));
    expect(serveJson).not.toHaveBeenCalled();
    await userEvent.type(search, 'imeiro');
    const option = await screen.findByRole('option', {}, { timeout: 3000 });
    expect(serveJson).toHaveBeenLastCalledWith('/admin_group_trainings/group_trainings/group_training_tests/search_group_training_questions/', 'POST', { search_question: 'primeiro' });
    expect(option.querySelector('u')?.textContent).toBe('primeiro');
    await userEvent.click(option);
    const chosen = within(bank).getByRole('region', { name: 'Questão escolhida' });
    expect(chosen).toHaveTextContent('Atendimento ao cliente');
    expect(chosen).toHaveTextContent('Prova de atendimento');
    expect(within(chosen).getByRole('list', { name: 'Alternativas' })).toHaveTextContent('CorretaCumprimentarIncorretaIgnorar');
    expect(within(chosen).getByTitle('Correta')).toBeInTheDocument();
    await userEvent.click(within(bank).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Banco de questões' })).toBeNull());
    expect(alternatives()).toEqual([['Cumprimentar', true], ['Ignorar', false]]);
    await userEvent.click(within(questionDialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenLastCalledWith(QUESTIONS, 'POST', {
      title: '<p>Qual é o primeiro passo do atendimento?</p>', is_mandatory: true,
      [ANSWERS]: [{ title: '<p>Cumprimentar</p>', is_correct: true }, { title: '<p>Ignorar</p>', is_correct: false }],
    }));
  }, 30000);
});
