import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { TRAINING_EVALUATION_PATHS as E, TRAINING_PATHS, type Evaluation, type EvaluationQuestion } from '@lp/shared/contract';
import { i18n } from '../../test/fixtures.ts';
import { TrainingEvaluationsTab } from './TrainingEvaluationsTab.tsx';
import { screenFakes, type CallMocks } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

const ID = 7;
const TYPE = 'group_training_evaluation_question_type';
const TYPES = [{ id: 1, value: 1, slug: 'grade_0_10' }, { id: 2, value: 2, slug: 'stars' }, { id: 3, value: 3, slug: 'text' }];
const MODELS = [
  { id: 5, value: 5, title: 'Avaliação rápida', qty_questions: 2 },
  { id: 6, value: 6, title: 'Avaliação de aplicabilidade', qty_questions: 1 },
];
const MODEL_QUESTIONS: Record<number, Array<{ id: number; title: string; question_type: number }>> = {
  5: [{ id: 51, title: 'Como você avalia este treinamento?', question_type: 2 }, { id: 52, title: 'O que podemos melhorar?', question_type: 3 }],
  6: [{ id: 61, title: 'Você conseguirá aplicar o conteúdo?', question_type: 1 }],
};

/** A small in-memory server for the §7.1 evaluation calls. */
function fakeServer(initial: Evaluation[] = []) {
  const evaluations = new Map<number, Evaluation>(initial.map((e) => [e.id, { ...e }]));
  const questions = new Map<number, EvaluationQuestion[]>();
  let next = 100;
  const path = (p: string) => p.split('?')[0];
  const serveJson = vi.fn(async (url: string, method: string) => {
    const p = path(url);
    if (p === TRAINING_PATHS.evaluationQuestionTypes) return TYPES;
    if (p === E.baseEvaluations) return MODELS;
    for (const model of MODELS) {
      if (p === E.baseEvaluationQuestions(model.id)) return { count: MODEL_QUESTIONS[model.id]!.length, results: MODEL_QUESTIONS[model.id] };
    }
    if (p === E.collection(ID)) return { count: evaluations.size, results: [...evaluations.values()] };
    for (const [id, evaluation] of evaluations) {
      if (p === E.item(ID, id) && method === 'GET') return evaluation;
      if (p === E.item(ID, id) && method === 'DELETE') return evaluations.delete(id) && undefined;
      if (p === E.questions(ID, id)) return { count: questions.get(id)?.length ?? 0, results: questions.get(id) ?? [] };
      for (const question of questions.get(id) ?? []) {
        if (p === E.question(ID, id, question.id) && method === 'DELETE') {
          questions.set(id, questions.get(id)!.filter((q) => q.id !== question.id));
          return undefined;
        }
      }
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  const serveForm = vi.fn(async (url: string, method: string, fields: Record<string, unknown>) => {
    if (url === E.collection(ID) && method === 'POST') {
      const created = { id: next++, title: String(fields.title), qty_questions: 0, status: Number(fields.status) };
      evaluations.set(created.id, created);
      return created;
    }
    if (url === E.fromBase(ID)) {
      const model = MODELS.find((m) => m.id === fields.base_evaluation_id)!;
      const id = next++;
      evaluations.set(id, { id, title: model.title, qty_questions: model.qty_questions, status: 2 });
      questions.set(id, MODEL_QUESTIONS[model.id]!.map((q) => ({ id: next++, title: q.title, [TYPE]: q.question_type })));
      return { id };
    }
    for (const [id, evaluation] of evaluations) {
      if (url === E.item(ID, id) && method === 'PUT') {
        Object.assign(evaluation, { title: fields.title, status: fields.status });
        return evaluation;
      }
      if (url === E.questions(ID, id) && method === 'POST') {
        const question = { id: next++, title: String(fields.title), [TYPE]: Number(fields[TYPE]) };
        questions.set(id, [...(questions.get(id) ?? []), question]);
        evaluation.qty_questions += 1;
        return question;
      }
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { serveJson, serveForm, evaluations, questions };
}

function renderTab(server: ReturnType<typeof fakeServer>, canManage = true) {
  const { dataProvider, http } = screenFakes({ serveJson: server.serveJson, serveForm: server.serveForm } as unknown as CallMocks);
  render(
    <MemoryRouter initialEntries={[`/trainings/${ID}/reaction_tests`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/reaction_tests" element={<TrainingEvaluationsTab trainingId={ID} canManage={canManage} />} />
            <Route path="/trainings" element={<p>trainings list</p>} />
          </Routes>
          <Notification />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('TrainingEvaluationsTab', () => {
  it('lists id, evaluation, question count and the feminine status labels; Back goes to the trainings list', async () => {
    renderTab(fakeServer([
      { id: 1, title: 'Reação do curso', qty_questions: 3, status: 1 },
      { id: 2, title: 'Rascunho', qty_questions: 0, status: 2 },
    ]));
    const row = (await screen.findByText('Reação do curso')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Reação do curso', '3', 'Publicada', '']);
    expect(screen.getByText('Rascunho').closest('tr')).toHaveTextContent('Não publicada');
    expect(screen.getByRole('columnheader', { name: 'Avaliação' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('trainings list')).toBeInTheDocument();
  });

  it('adds from a model (only while the evaluation has no id): preview, save, then the editor switches to the new id', async () => {
    const server = fakeServer();
    renderTab(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova avaliação' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar de modelo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modelo de avaliação' });

    // spec 2 §5.6: a model needs a base evaluation to be chosen
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Certifique-se de que todos os campos estão preenchidos.')).toBeInTheDocument();
    expect(server.serveForm).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Avaliação rápida' }));
    dialog = screen.getByRole('dialog', { name: 'Modelo de avaliação' });
    const preview = await within(dialog).findByRole('table', { name: 'Perguntas do modelo' });
    await within(preview).findByText('Como você avalia este treinamento?');
    expect(within(preview).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['51', 'Como você avalia este treinamento?', 'Estrelas'],
      ['52', 'O que podemos melhorar?', 'Texto'],
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Avaliação criada a partir do modelo')).toBeInTheDocument();
    expect(server.serveForm).toHaveBeenCalledWith(E.fromBase(ID), 'POST', { base_evaluation_id: 5 });
    // the editor now shows the evaluation the server made, and no longer offers a model
    expect(await screen.findByRole('heading', { name: 'Editar avaliação de reação' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Avaliação rápida')).toBeInTheDocument();
    expect(await screen.findByText('O que podemos melhorar?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar de modelo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the model could not be used', async () => {
    const server = fakeServer();
    server.serveForm.mockRejectedValueOnce(new Error('boom'));
    renderTab(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova avaliação' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar de modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modelo de avaliação' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Avaliação de aplicabilidade' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Modelo de avaliação' })).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível criar a avaliação a partir do modelo')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Modelo de avaliação' })).toBeInTheDocument();
  });

  it('adding a question first saves a new evaluation (spec 2 §4.5), then saves the question on its id', async () => {
    const server = fakeServer();
    renderTab(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova avaliação' }));
    // §5.6: the title is required before anything is saved
    await userEvent.click(screen.getByRole('button', { name: 'Nova pergunta' }));
    // the notice at the top and the field's own message
    expect(await screen.findAllByText('Certifique-se de que todos os campos estão preenchidos.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.serveForm).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), 'Reação da turma');
    await userEvent.click(screen.getByRole('button', { name: 'Nova pergunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova pergunta' });
    expect(server.serveForm).toHaveBeenCalledWith(E.collection(ID), 'POST', { title: 'Reação da turma', status: 2 });
    expect(screen.queryByRole('button', { name: 'Adicionar de modelo' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de pergunta' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nota de 0 a 10' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Pergunta' }), 'Que nota você dá?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Pergunta adicionada com sucesso')).toBeInTheDocument();
    expect(server.serveForm).toHaveBeenCalledWith(E.questions(ID, 100), 'POST', { title: 'Que nota você dá?', [TYPE]: 1 });
    const row = (await screen.findByText('Que nota você dá?')).closest('tr')!;
    expect(row).toHaveTextContent('Nota de 0 a 10');

    // a plain save returns to the list
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Avaliação de reação salva com sucesso')).toBeInTheDocument();
    expect((await screen.findByText('Reação da turma')).closest('tr')).toHaveTextContent('1');
  });

  it('keeps the question dialog open on the backdrop and Escape; only Cancel closes it', async () => {
    renderTab(fakeServer([{ id: 1, title: 'Existente', qty_questions: 0, status: 1 }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar a avaliação Existente' }));
    expect(await screen.findByDisplayValue('Existente')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nova pergunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova pergunta' });

    await userEvent.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop!);
    expect(screen.getByRole('dialog', { name: 'Nova pergunta' })).toBe(dialog);

    // §5.6 in the dialog: title and type required
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Certifique-se de que todos os campos estão preenchidos.')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes an evaluation after a confirmation', async () => {
    const server = fakeServer([{ id: 1, title: 'Para excluir', qty_questions: 0, status: 2 }]);
    renderTab(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir a avaliação Para excluir' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
    expect(server.serveJson).toHaveBeenCalledWith(E.item(ID, 1), 'DELETE');
    expect(await screen.findByText('Nenhuma avaliação de reação cadastrada')).toBeInTheDocument();
  });

  it('deletes a question of an evaluation after a confirmation; the questions load again', async () => {
    const server = fakeServer([{ id: 1, title: 'Com perguntas', qty_questions: 1, status: 2 }]);
    server.questions.set(1, [{ id: 11, title: 'Pergunta a excluir', [TYPE]: 1 } as EvaluationQuestion]);
    renderTab(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar a avaliação Com perguntas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir a pergunta Pergunta a excluir' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
    expect(server.serveJson).toHaveBeenCalledWith(E.question(ID, 1, 11), 'DELETE');
    expect(await screen.findByText('Nenhuma pergunta cadastrada')).toBeInTheDocument();
  });

  it('without trainings_manage, shows the evaluations read-only', async () => {
    renderTab(fakeServer([{ id: 1, title: 'Somente leitura', qty_questions: 0, status: 1 }]), false);
    // the row first: the toolbar is there before the list has loaded
    expect(await screen.findByRole('button', { name: 'Excluir a avaliação Somente leitura' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nova avaliação' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Editar a avaliação Somente leitura' }));
    expect(await screen.findByDisplayValue('Somente leitura')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nova pergunta' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('Somente leitura')).toBeInTheDocument();
  });
});
