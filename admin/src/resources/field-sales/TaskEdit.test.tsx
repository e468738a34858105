import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, TestMemoryRouter, testDataProvider } from 'react-admin';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, type Task } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp, type FakeCall } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { TaskEdit } from './TaskEdit.tsx';

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;

const occurrence = {
  id: 42, title: 'Visita semanal', task_date: '2026-12-14', start_time: '09:00', end_time: '10:00', timezone: 'America/Sao_Paulo',
  starts_at: '2026-12-14T12:00:00.000Z', ends_at: '2026-12-14T13:00:00.000Z', representative: { id: 6, full_name: 'Rui Representante' },
  questionnaire_id: null, questionnaire_title: null, postal_code: '01310-100', address: 'Avenida Paulista', number: '1000', complement: null,
  neighborhood: 'Bela Vista', city: 'São Paulo', state: 'São Paulo', latitude: -23.56, longitude: -46.65, place_ref: 'osm:N:1',
  observation: '', status: 'pending', event_state: 'scheduled', cancel_motive: null, not_realized_reason: null, check_in: null, check_out: null,
  series_id: 'series-1', occurrence: 2, recurrence: { frequency: 'weekly', count: 4 }, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z',
} as unknown as Task;

function renderTask(route: (call: FakeCall) => unknown, update = vi.fn(async (_r: string, p: { data: unknown }) => ({ data: { ...occurrence, ...(p.data as object) } }))) {
  const { http, calls } = fakeHttp(route);
  const dataProvider = testDataProvider({ getOne: async () => ({ data: occurrence }) as never, update: update as never, getList: async () => ({ data: [], total: 0 }) as never, getMany: async () => ({ data: [occurrence.representative] }) as never });
  render(
    <TestMemoryRouter initialEntries={[`/${NAME}/42`]}>
      <ContractHttpProvider value={http}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(sessionUser({ is_superuser: true }))}>
          <ResourceContextProvider value={NAME}>
            <Routes><Route path={`/${NAME}/:id/*`} element={<TaskEdit />} /></Routes>
          </ResourceContextProvider>
          <Notification />
        </AdminContext>
      </ContractHttpProvider>
    </TestMemoryRouter>,
  );
  return { calls, update };
}

const answers = (call: FakeCall) => {
  if (call.path === FIELD_SALES_PATHS.results(42)) return { task: occurrence, answers: [] };
  if (call.path === FIELD_SALES_PATHS.mapSettings) return { tile_url: null };
  if (call.path === FIELD_SALES_PATHS.cancel(42)) return { ids: [42, 43, 44] };
  throw new Error(`unexpected ${call.method} ${call.path}`);
};

describe('a task occurrence of a series (spec 3 §2 "only this recurrence" / "all next recurrences")', () => {
  it('asks which occurrences a cancel takes, with its motive, and sends that choice', async () => {
    const { calls } = renderTask(answers);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar tarefa' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Somente esta recorrência' })).toBeChecked();
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled(); // a cancel needs its motive
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo do cancelamento/ }), 'Contrato encerrado');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Todas as próximas recorrências' }));
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === FIELD_SALES_PATHS.cancel(42))?.body).toEqual({ cancel_motive: 'Contrato encerrado', scope: 'all_next' }));
    expect(await screen.findByText('3 tarefas canceladas')).toBeInTheDocument();
  });
});
