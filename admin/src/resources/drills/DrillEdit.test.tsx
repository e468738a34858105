import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, DRILL_PATHS, type ChoiceQuestion, type Drill, type DrillResult } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { DrillEdit } from './DrillEdit.tsx';
import { drillPayload, validateDrillForm } from './drillPayload.ts';

const RESOURCE = ADMIN_RESOURCES.drills.name;

const drill: Drill = {
  id: 5, title: 'Segurança', description: '', start_date: '2026-11-23', end_date: '2026-11-24', date_type: 'range', weekdays: [], days_of_the_month: [],
  start_month: null, end_month: null, custom_dates: [], minimum_score: 2, qty_questions_frequency: 1, time_to_answer: 30, allow_approved_to_answer: false,
  show_feedback: true, randomize_answers: true, score: 10, status: 2, qty_questions: 6, qty_dates: 2, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};
const question: ChoiceQuestion = {
  id: 41, title: '<p>Qual EPI usar?</p>', is_mandatory: false, position: 0,
  alternatives: [{ id: 1, title: 'Luvas', is_correct: true }, { id: 2, title: 'Nenhum', is_correct: false }],
};
const result: DrillResult = { user_id: 9, user_name: 'Ana Lima', days_answered: 1, answered: 1, correct: 1, approved: false, last_answer_at: null };

function renderEditor(path: string, http: ReturnType<typeof fakeHttp>['http']) {
  const dataProvider: DataProvider = testDataProvider({
    getOne: async () => ({ data: drill }) as never,
    getList: async (resource: string) => {
      const data = resource === `${RESOURCE}/5/questions` ? [question] : resource === `${RESOURCE}/5/results` ? [{ ...result, id: result.user_id }] : [];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ContractHttpProvider value={http}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(sessionUser({ is_superuser: true }))}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/:id/*`} element={<DrillEdit />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </ContractHttpProvider>
    </MemoryRouter>,
  );
}

describe('drill editor (spec 3 §2 "Drill list and editor, with results")', () => {
  it('adds a question with one correct alternative, checked before sending', async () => {
    const { http, calls } = fakeHttp({ [`POST ${DRILL_PATHS.questions(5)}`]: () => ({ ...question, id: 42 }) });
    renderEditor(`/${RESOURCE}/5/questions`, http);
    expect(await screen.findByText('Qual EPI usar?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar pergunta' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Pergunta'), 'Onde fica o extintor?');
    await userEvent.type(within(dialog).getByLabelText('Alternativa 1'), 'Na entrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Alternativa 2'), 'No telhado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      title: 'Onde fica o extintor?', is_mandatory: false,
      alternatives: [{ title: 'Na entrada', is_correct: true }, { title: 'No telhado', is_correct: false }],
    });
  });

  it('lists the results per learner', async () => {
    renderEditor(`/${RESOURCE}/5/results`, fakeHttp().http);
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
  });
});

describe('drill form rules (spec 3 §5 "Drills")', () => {
  it('refuses more questions a day than the questions divided by the dates (6 over 2 → 3), published', () => {
    expect(validateDrillForm({ ...drill, status: 1, qty_questions_frequency: 4 })).toEqual({ qty_questions_frequency: 'errors.drill_questions_frequency_error' });
    expect(validateDrillForm({ ...drill, status: 1, qty_questions_frequency: 3 })).toEqual({});
  });
  it('sends custom dates typed with commas as a list, blanks as null', () => {
    expect(drillPayload({ ...drill, date_type: 'custom', custom_dates: '2026-11-23, 2026-11-24', time_to_answer: '' })).toMatchObject({
      custom_dates: ['2026-11-23', '2026-11-24'], time_to_answer: null,
    });
  });
});
