import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, SURVEY_PATHS, type Survey, type SurveyAnswersSummary, type SurveyQuestion } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { SurveyEdit } from './SurveyEdit.tsx';
import { surveyPayload } from './surveyPayload.ts';

const RESOURCE = ADMIN_RESOURCES.surveys.name;

const survey: Survey = {
  id: 7, title: 'Clima 2026', description: '', survey_type: 'mandatory', start_date: '2026-11-01', end_date: null, show_feedback: false,
  score: null, status: 1, owners: [], areas: [], profiles: [], user_groups: [3], qty_questions: 1, qty_answers: 2,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};
const question: SurveyQuestion = {
  id: 31, title: '<p>Como está a equipe?</p>', question_type: 'single_choice', is_mandatory: true, position: 0,
  options: [{ id: 1, title: 'Bem' }, { id: 2, title: 'Mal' }],
};
const summary: SurveyAnswersSummary = {
  survey_id: 7, respondents: 2,
  questions: [{ id: 31, title: question.title, question_type: 'single_choice', options: [{ id: 1, title: 'Bem', count: 2 }, { id: 2, title: 'Mal', count: 0 }], texts: [] }],
};

function renderEditor(path: string, http: ReturnType<typeof fakeHttp>['http']) {
  const dataProvider: DataProvider = testDataProvider({
    getOne: async () => ({ data: survey }) as never,
    getList: async (resource: string) => {
      const data = resource === `${RESOURCE}/7/questions` ? [question] : [];
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
              <Route path={`/${RESOURCE}/:id/*`} element={<SurveyEdit />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </ContractHttpProvider>
    </MemoryRouter>,
  );
}

describe('survey editor (spec 3 §2, §3 "Survey")', () => {
  it('adds a question: two options at least, checked before sending, then the question body', async () => {
    const { http, calls } = fakeHttp({ [`POST ${SURVEY_PATHS.questions(7)}`]: () => ({ ...question, id: 32 }) });
    renderEditor(`/${RESOURCE}/7/questions`, http);
    expect(await screen.findByText('Como está a equipe?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar pergunta' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'O que usa?');
    await userEvent.type(within(dialog).getByLabelText('Opções 1'), 'App');
    await userEvent.click(within(dialog).getAllByRole('button', { name: /remov/i })[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('A questão precisa de pelo menos 2 alternativas.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    await userEvent.type(within(dialog).getByLabelText('Opções 2'), 'Web');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ title: 'O que usa?', question_type: 'single_choice', is_mandatory: true, options: [{ title: 'App' }, { title: 'Web' }] });
  });

  it('shows the answers per question and the export button', async () => {
    const { http } = fakeHttp({ [`GET ${SURVEY_PATHS.answers(7)}`]: () => summary });
    renderEditor(`/${RESOURCE}/7/answers`, http);
    expect(await screen.findByText('2 respondentes')).toBeInTheDocument();
    expect(screen.getByText('Bem: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar respostas (xlsx)' })).toBeInTheDocument();
  });
});

describe('survey payload', () => {
  it('sends the contract fields only, blanks as null', () => {
    expect(surveyPayload({ ...survey, end_date: '', score: '' })).toEqual({
      title: 'Clima 2026', description: '', survey_type: 'mandatory', start_date: '2026-11-01', end_date: null, show_feedback: false, score: null,
      status: 1, areas: [], profiles: [], user_groups: [3],
    });
  });
});
