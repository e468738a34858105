import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type ScheduleEvent } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { ScheduleEventCreate } from './ScheduleEventCreate.tsx';
import { ScheduleEventEdit } from './ScheduleEventEdit.tsx';
import { scheduleEventFormValues, scheduleEventPayload, validateScheduleEventForm } from './scheduleEventPayload.ts';

const RESOURCE = ADMIN_RESOURCES.schedule.name;
const groups = [{ id: 3, name: 'Lojas do Sul' }];

const event: ScheduleEvent = {
  id: 9, title: 'Convenção de vendas', description: 'Auditório', starts_at: '2026-12-03T22:00:00.000Z', time_zone: 'America/Sao_Paulo',
  link: 'https://meet.example.com/c', areas: [], profiles: [], user_groups: [3], created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function provider(overrides: Partial<DataProvider> = {}): DataProvider {
  return testDataProvider({
    getOne: async () => ({ data: event }) as never,
    getList: async (resource: string) => {
      const data = resource === 'lookup_user_groups' ? groups : [];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
    ...overrides,
  });
}

function renderAt(path: string, dataProvider: DataProvider) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path={`/${RESOURCE}/create`} element={<ScheduleEventCreate />} />
            <Route path={`/${RESOURCE}/:id`} element={<ScheduleEventEdit />} />
            <Route path={`/${RESOURCE}`} element={<p>agenda</p>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('calendar item editor (spec 1 §2.3 schedule/{id})', () => {
  it('shows the time on its own zone’s clock and sends it back with that zone’s offset', async () => {
    const update = vi.fn(async (_resource: string, params: { data: unknown }) => ({ data: { ...event, ...(params.data as object) } }));
    renderAt(`/${RESOURCE}/9`, provider({ update } as Partial<DataProvider>));
    const when = await screen.findByLabelText(/Data e hora/);
    expect(when).toHaveValue('2026-12-03T19:00');
    const title = screen.getByLabelText(/Título/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Convenção 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toEqual({
      title: 'Convenção 2026', description: 'Auditório', starts_at: '2026-12-03T19:00:00-03:00', time_zone: 'America/Sao_Paulo',
      link: 'https://meet.example.com/c', areas: [], profiles: [], user_groups: [3],
    });
    expect(await screen.findByText('agenda')).toBeInTheDocument();
  });

  it('checks the rules before creating anything', async () => {
    const create = vi.fn();
    renderAt(`/${RESOURCE}/create`, provider({ create } as Partial<DataProvider>));
    await userEvent.type(await screen.findByLabelText(/Link/), 'www.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Certifique-se de que todos os campos estão preenchidos.')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/O link deve começar com http/).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal on its field and keeps what was typed', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(400, { detail: 'x', code: 'invalid_timezone', fields: { time_zone: 'invalid_timezone' } });
    });
    renderAt(`/${RESOURCE}/9`, provider({ update } as Partial<DataProvider>));
    const title = await screen.findByLabelText(/Título/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Encontro');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect((await screen.findAllByText('Escolha um fuso horário válido.')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Título/)).toHaveValue('Encontro');
  });
});

describe('scheduleEventPayload', () => {
  it('reads the picker’s wall clock in the chosen zone, and the rules’ time error lands on the picker', () => {
    const values = scheduleEventFormValues({ ...event, time_zone: 'Asia/Tokyo' });
    expect(values.date_local).toBe('2026-12-04T07:00');
    expect(scheduleEventPayload(values).starts_at).toBe('2026-12-04T07:00:00+09:00');
    expect(validateScheduleEventForm({ ...values, date_local: '' })).toEqual({ date_local: 'errors.make_sure_that_all_fields_are_filled_in' });
  });
});
