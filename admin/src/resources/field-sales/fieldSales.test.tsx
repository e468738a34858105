import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, type AddressCandidate, type Task } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { TaskCreate } from './TaskEdit.tsx';
import { QuestionnaireCreate } from './QuestionnaireEdit.tsx';
import { createPayload } from './taskPayload.ts';
import { questionnairePayload } from './questionnairePayload.ts';
import { mondayOf, weekGrid } from './calendarModel.ts';

const TASKS = ADMIN_RESOURCES.field_sales_tasks.name;
const QUESTIONS = ADMIN_RESOURCES.field_sales_questionnaires.name;

const paulista: AddressCandidate = {
  label: '1000, Avenida Paulista, Bela Vista, São Paulo', source: 'geocoder', place_ref: 'osm:N:2345678901', postal_code: '01310-100',
  address: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'São Paulo',
  latitude: -23.5647577, longitude: -46.6518495,
};

function renderCreate(resource: string, element: ReactElement, http: ReturnType<typeof fakeHttp>['http'], create = vi.fn(async (_r: string, p: { data: { id?: number } }) => ({ data: { ...p.data, id: 1 } }))) {
  const dataProvider: DataProvider = testDataProvider({
    getList: async () => ({ data: [{ id: 6, full_name: 'Rita Representante', title: 'Visita' }], total: 1 }) as never,
    getMany: async () => ({ data: [{ id: 6, full_name: 'Rita Representante', title: 'Visita' }] }) as never,
    create: create as never,
  });
  render(
    <MemoryRouter initialEntries={[`/${resource}/create`]}>
      <ContractHttpProvider value={http}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(sessionUser({ is_superuser: true }))}>
          <ResourceContextProvider value={resource}>
            <Routes><Route path={`/${resource}/create`} element={element} /></Routes>
          </ResourceContextProvider>
        </AdminContext>
      </ContractHttpProvider>
    </MemoryRouter>,
  );
  return create;
}

describe('field-sales task form (spec 3 §2, §5)', () => {
  it('refuses a task without an address from the search list, names a search that found no street, and fills the address from a picked result', async () => {
    const { http, calls } = fakeHttp({
      // no MAP_TILE_URL: no map, the form works the same
      [`GET ${FIELD_SALES_PATHS.mapSettings}`]: () => ({ tile_url: null }),
      [`GET ${FIELD_SALES_PATHS.addressSearch}?q=Avenida%20Paulista%201000`]: () => [paulista],
      [`GET ${FIELD_SALES_PATHS.addressSearch}?q=Campinas`]: () => { throw Object.assign(new Error('404'), { status: 404, body: { code: 'address_not_found_check_spelling' } }); },
    });
    const create = renderCreate(TASKS, <TaskCreate />, http);
    await userEvent.type(await screen.findByLabelText('Título'), 'Visita');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O endereço deve ser selecionado na lista de busca')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    const search = screen.getByLabelText('Busque um endereço ou uma loja');
    await userEvent.type(search, 'Campinas{Enter}');
    expect(await screen.findByText('Endereço não encontrado, verifique a grafia e informe rua e número')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'Avenida Paulista 1000');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const results = await screen.findByRole('list', { name: 'Endereços encontrados' });
    await userEvent.click(within(results).getByText(paulista.label));
    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista'));
    expect(screen.getByLabelText('Número')).toHaveValue('1000');
    expect(calls.filter((c) => c.path.startsWith(FIELD_SALES_PATHS.addressSearch))).toHaveLength(2);
    expect(screen.queryByRole('img', { name: 'Mapa' })).not.toBeInTheDocument();
  });

  it('builds the contract body: the search result, and a custom recurrence in weeks with its weekdays', () => {
    const body = createPayload({
      ...paulista, title: 'Visita', task_date: '2026-12-07', start_time: '09:00', end_time: '10:00', timezone: 'America/Sao_Paulo',
      representative_id: 6, questionnaire_id: null, observation: '', frequency: 'custom', count: 10, interval: 2, unit: 'weeks', weekdays: [1, 3],
    });
    expect(body).toMatchObject({ place_ref: 'osm:N:2345678901', latitude: -23.5647577, representative_id: 6, recurrence: { frequency: 'custom', count: 10, interval: 2, unit: 'weeks', weekdays: [1, 3] } });
    expect(createPayload({ ...body, frequency: '' }).recurrence).toBeNull();
  });
});

describe('field-sales questionnaire editor (spec 3 §2 "questions/questionnaire editor with steps")', () => {
  it('names the problem of a choice question with one option before sending', async () => {
    const { http } = fakeHttp();
    const create = renderCreate(QUESTIONS, <QuestionnaireCreate />, http);
    await userEvent.type(await screen.findByLabelText(/^Título \*/), 'Visita à loja');
    await userEvent.type(screen.getByLabelText(/^Título da etapa/), 'Exposição');
    await userEvent.type(screen.getByRole('textbox', { name: /^Pergunta/ }), 'Posição na gôndola');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Uma pergunta de escolha precisa de pelo menos duas opções')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends steps and questions in the order on screen, options as labels', () => {
    expect(questionnairePayload({
      title: 'Q', steps: [{ id: 4, title: 'Fotos', step_type: 'photos', questions: [{ id: 9, text: 'Gôndola', question_type: 'photo', options: [{ label: 'x' }] }] },
        { title: 'Exposição', step_type: 'questions', questions: [{ text: 'Posição', question_type: 'single_choice', required: true, options: [{ label: 'Topo' }, { label: 'Base' }] }] }],
    })).toEqual({
      title: 'Q', description: '',
      steps: [
        { id: 4, title: 'Fotos', step_type: 'photos', questions: [{ id: 9, text: 'Gôndola', question_type: 'photo', required: false, options: [] }] },
        { title: 'Exposição', step_type: 'questions', questions: [{ text: 'Posição', question_type: 'single_choice', required: true, options: ['Topo', 'Base'] }] },
      ],
    });
  });
});

describe('field-sales week calendar (spec 3 §2 "Admin calendar of tasks")', () => {
  it('lays a week out by representative and day, from its Monday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-12-01')).toBe('2026-11-30');
    const t = (id: number, rep: [number, string], day: string, start: string) => ({
      id, representative: { id: rep[0], full_name: rep[1] }, task_date: day, start_time: start,
    }) as unknown as Task;
    const rui: [number, string] = [1, 'Rui'];
    const ana: [number, string] = [2, 'Ana'];
    const { days, rows } = weekGrid([t(1, rui, '2026-11-24', '14:00'), t(2, ana, '2026-11-29', '09:00'), t(3, rui, '2026-11-24', '08:00')], '2026-11-23');
    expect(days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(rows.map((r) => [r.name, r.cells.map((c) => c.map((x) => x.id))])).toEqual([
      ['Ana', [[], [], [], [], [], [], [2]]],
      ['Rui', [[], [3, 1], [], [], [], [], []]],
    ]);
  });
});
