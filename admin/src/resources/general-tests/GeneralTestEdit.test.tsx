import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type ChoiceQuestion, type GeneralTest } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { GeneralTestEdit } from './GeneralTestEdit.tsx';
import { validateGeneralTestForm } from './generalTestPayload.ts';

const RESOURCE = ADMIN_RESOURCES.general_tests.name;

const test: GeneralTest = {
  id: 8, title: 'Avaliação de produto', description: '', test_type: 'timed_block_general', minimum_score: 2, quantity_questions: 3, quantity_realizations: null,
  time_to_finish: 10, publish_date: '2026-11-01', unpublish_date: null, status: 1, score: null, areas: [], profiles: [], user_groups: [], qty_questions: 5, qty_mandatory: 1,
  qty_results: 1, has_results: true, test_id: 80, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};
const question: ChoiceQuestion = { id: 51, title: 'Qual o prazo?', is_mandatory: true, position: 0, alternatives: [{ id: 1, title: '7 dias', is_correct: true }, { id: 2, title: '30 dias', is_correct: false }] };

function renderEditor(path: string) {
  const dataProvider: DataProvider = testDataProvider({
    getOne: async () => ({ data: test }) as never,
    getList: async (resource: string) => {
      const data = resource === `${RESOURCE}/8/questions` ? [question] : [];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ContractHttpProvider value={fakeHttp().http}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(sessionUser({ is_superuser: true }))}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/:id/*`} element={<GeneralTestEdit />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </ContractHttpProvider>
    </MemoryRouter>,
  );
}

describe('general test editor (spec 3 §2, §4 "a general test that already has results cannot be modified")', () => {
  it('with results the bank is read-only', async () => {
    renderEditor(`/${RESOURCE}/8/questions`);
    expect(await screen.findByText('Qual o prazo?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar pergunta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });
  it('with results the form says why it cannot be saved', async () => {
    renderEditor(`/${RESOURCE}/8`);
    expect(await screen.findByText('Esta avaliação já possui resultados e, por isso, não pode ser editada.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
  it('the form checks the bank once published (the minimum score fits the questions drawn)', () => {
    expect(validateGeneralTestForm({ ...test, minimum_score: 4 })).toEqual({ minimum_score: 'errors.minimum_score_above_question_count' });
  });
});
