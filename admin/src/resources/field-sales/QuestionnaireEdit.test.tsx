import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type Questionnaire, type QuestionnaireInput } from '@lp/shared/contract';
import { toHttpError } from '../../common/http/httpErrors.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { QuestionnaireCreate, QuestionnaireEdit } from './QuestionnaireEdit.tsx';

const RESOURCE = ADMIN_RESOURCES.field_sales_questionnaires.name;

const saved: Questionnaire = {
  id: 3, title: 'Visita de loja', description: '', questions_count: 3, tasks_count: 0,
  steps: [
    { id: 1, title: 'Exposição', step_type: 'questions', questions: [
      { id: 10, text: 'O produto está exposto?', question_type: 'yes_no', required: true, options: [] },
      { id: 11, text: 'Quantas frentes?', question_type: 'number', required: true, options: [] },
    ] },
    { id: 2, title: 'Fotos', step_type: 'photos', questions: [{ id: 12, text: 'Foto da gôndola', question_type: 'photo', required: true, options: [] }] },
  ],
};

/** jsdom lays nothing out: each row of a list stands 60 px below the one before (see SortableList.test). */
function layOutRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) } as DOMRect;
  });
}

async function press(handle: HTMLElement, code: string) {
  fireEvent.keyDown(handle, { code, key: code });
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
}

/** The keyboard drag of the handle named `name` by `steps` rows (negative: up). */
async function dragByKeyboard(name: string, steps: number) {
  const handle = screen.getByRole('button', { name });
  handle.focus();
  await press(handle, 'Space');
  for (let i = 0; i < Math.abs(steps); i++) await press(handle, steps < 0 ? 'ArrowUp' : 'ArrowDown');
  await press(handle, 'Space');
}

const questionTexts = () => screen.getAllByRole('textbox', { name: /^Pergunta/ }).map((input) => (input as HTMLInputElement).value);

function renderEdit(update: DataProvider['update']) {
  const dataProvider = testDataProvider({ getOne: async () => ({ data: structuredClone(saved) }) as never, update });
  renderResourceAt({ list: () => null, create: QuestionnaireCreate, edit: QuestionnaireEdit }, RESOURCE, `/${RESOURCE}/3`, sessionUser({ is_superuser: true }), dataProvider);
}

describe('questionnaire editor ordering (issue "ordering by drag and drop"; common/sortableList)', () => {
  let rects: ReturnType<typeof layOutRows>;
  beforeEach(() => { rects = layOutRows(); });
  afterEach(() => { rects.mockRestore(); });

  it('names a drag handle after each step, question and option', async () => {
    renderEdit(vi.fn());
    expect(await screen.findByRole('button', { name: 'Arrastar para reordenar: Exposição' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar para reordenar: Fotos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar para reordenar: Quantas frentes?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Foto da gôndola' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar etapa' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Adicionar pergunta' })).toHaveLength(2);
  });

  it('saves the questions and the steps in the order they were dragged to, with their ids', async () => {
    const update = vi.fn(async (_resource: string, params: { data: QuestionnaireInput }) => ({ data: { ...saved, ...params.data } }));
    renderEdit(update as never);
    await screen.findByDisplayValue('Quantas frentes?');
    await dragByKeyboard('Arrastar para reordenar: Quantas frentes?', -1);
    await waitFor(() => expect(questionTexts()).toEqual(['Quantas frentes?', 'O produto está exposto?', 'Foto da gôndola']));
    await dragByKeyboard('Arrastar para reordenar: Fotos', -1);
    await waitFor(() => expect(questionTexts()).toEqual(['Foto da gôndola', 'Quantas frentes?', 'O produto está exposto?']));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const body = update.mock.calls[0]![1].data;
    expect(body.steps.map((s) => s.id)).toEqual([2, 1]);
    expect(body.steps[1]!.questions.map((q) => [q.id, q.text])).toEqual([[11, 'Quantas frentes?'], [10, 'O produto está exposto?']]);
  });

  it('shows a refused save and keeps the dragged order on screen to try again', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(400, { detail: 'invalid', code: 'make_sure_that_all_fields_are_filled_in', fields: { 'steps.0.questions.0.text': 'make_sure_that_all_fields_are_filled_in' } });
    });
    renderEdit(update as never);
    await screen.findByDisplayValue('Quantas frentes?');
    await dragByKeyboard('Arrastar para reordenar: O produto está exposto?', 1);
    await waitFor(() => expect(questionTexts()).toEqual(['Quantas frentes?', 'O produto está exposto?', 'Foto da gôndola']));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const field = await screen.findByDisplayValue('Quantas frentes?');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    // the notice names the refusal; the field says what is wrong with it
    expect(within(await screen.findByRole('alert')).getByText('Certifique-se de que todos os campos estão preenchidos.')).toBeInTheDocument();
    expect(questionTexts()).toEqual(['Quantas frentes?', 'O produto está exposto?', 'Foto da gôndola']);
  });
});
