import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { FIELD_SALES_PATHS, type SessionUser, type Task } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp, type FakeCall } from '../../test/fakeHttp.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { TaskCalendar } from './TaskCalendar.tsx';
import { dayRoutes, monthCells, shiftAnchor, viewRange, type CalendarView } from './calendarModel.ts';

const task = (id: number, rep: [number, string], day: string, start: string, patch: Partial<Task> = {}): Task => ({
  id, title: `Visita ${id}`, task_date: day, start_time: start, end_time: '23:00', timezone: 'America/Sao_Paulo',
  starts_at: `${day}T12:00:00.000Z`, ends_at: `${day}T13:00:00.000Z`, representative: { id: rep[0], full_name: rep[1] },
  questionnaire_id: null, questionnaire_title: null, postal_code: null, address: `Rua ${id}`, number: '1', complement: null,
  neighborhood: null, city: 'São Paulo', state: 'SP', latitude: -23.5 - id / 100, longitude: -46.6, place_ref: `osm:N:${id}`,
  observation: '', status: 'pending', event_state: 'scheduled', cancel_motive: null, not_realized_reason: null, check_in: null, check_out: null,
  series_id: null, occurrence: null, recurrence: null, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z', ...patch,
} as Task);

const RUI: [number, string] = [6, 'Rui Representante'];
const ANA: [number, string] = [7, 'Ana Vendedora'];

/** A DataTransfer good enough for HTML drag and drop in jsdom. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => void data.set(type, value), getData: (type: string) => data.get(type) ?? '',
    get types() { return [...data.keys()]; }, dropEffect: 'none', effectAllowed: 'all',
  };
}

function renderCalendar(route: (call: FakeCall) => unknown, { view = 'month' as CalendarView, user = sessionUser({ is_superuser: true }) as SessionUser } = {}) {
  const { http, calls } = fakeHttp(route);
  let current = view;
  const ui = () => (
    <MemoryRouter>
      <ContractHttpProvider value={http}>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(user)}>
          <TaskCalendar view={current} onView={(v) => { current = v; result.rerender(ui()); }} today="2026-12-09" />
          <Notification />
        </AdminContext>
      </ContractHttpProvider>
    </MemoryRouter>
  );
  const result = render(ui());
  return { calls };
}

describe('field-sales calendar views (spec 3 §2 "Admin calendar of tasks: month/week/day views")', () => {
  it('steps and ranges each view: a month as whole weeks from Monday, a week, a day', () => {
    expect(viewRange('month', '2026-12-09')).toEqual({ from: '2026-11-30', to: '2027-01-03' });
    expect(viewRange('week', '2026-12-09')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(viewRange('day', '2026-12-09')).toEqual({ from: '2026-12-09', to: '2026-12-09' });
    expect(shiftAnchor('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-12-09', -1)).toBe('2026-12-02');
    const weeks = monthCells([task(1, RUI, '2026-12-24', '10:00'), task(2, ANA, '2026-12-24', '08:00')], '2026-12-09');
    expect(weeks).toHaveLength(5);
    expect(weeks.flat().find((c) => c.day === '2026-12-24')!.tasks.map((t) => t.id)).toEqual([2, 1]);
    expect(weeks[0]![0]).toMatchObject({ day: '2026-11-30', inMonth: false });
  });

  it('numbers a representative\'s day in time order, leaving canceled visits off the route but keeping their number', () => {
    const [rui] = dayRoutes([
      task(1, RUI, '2026-12-09', '15:00'), task(2, RUI, '2026-12-09', '08:00'),
      task(3, RUI, '2026-12-09', '11:00', { status: 'canceled', event_state: 'canceled' }), task(4, ANA, '2026-12-10', '09:00'),
    ], '2026-12-09');
    expect(rui!.tasks.map((t) => t.id)).toEqual([2, 3, 1]);
    expect(rui!.stops.map((s) => [s.n, s.label])).toEqual([[1, '1. 08:00 Visita 2'], [3, '3. 15:00 Visita 1']]);
  });

  it('filters the month by representative and status, and opens a day with its route even without map tiles', async () => {
    const tasks = [task(1, RUI, '2026-12-09', '10:00'), task(2, ANA, '2026-12-09', '08:00'), task(3, RUI, '2026-12-09', '08:30', { status: 'realized', event_state: 'finished' })];
    const { calls } = renderCalendar(({ path }) => {
      if (path === FIELD_SALES_PATHS.mapSettings) return { tile_url: null };
      return tasks;
    });
    expect(await screen.findByRole('link', { name: '10:00 Visita 1' })).toBeInTheDocument();
    expect(calls[0]!.path).toBe(`${FIELD_SALES_PATHS.tasks}?page_size=0&from=2026-11-30&to=2027-01-03`);
    expect(screen.getByRole('heading', { name: 'Dezembro de 2026' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Representante / operador' }));
    await userEvent.click(screen.getByRole('option', { name: 'Rui Representante' }));
    expect(screen.queryByRole('link', { name: '08:00 Visita 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '08:30 Visita 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Agendada' }));
    expect(screen.queryByRole('link', { name: '08:30 Visita 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10:00 Visita 1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Abrir o dia quarta-feira, 9 de dezembro/ }));
    const route = await screen.findByRole('list', { name: 'Visitas do dia em ordem' });
    expect(within(route).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^10:00 Visita 1/)]);
    expect(calls.some((c) => c.path === `${FIELD_SALES_PATHS.tasks}?page_size=0&from=2026-12-09&to=2026-12-09`)).toBe(true);
    expect(await screen.findByRole('img', { name: /^Rota de Rui Representante em quarta-feira, 9 de dezembro/ })).toHaveAttribute('data-stops', '1');
  });

  it('moves a dragged task with the form\'s PUT, and on a refused day leaves it where it was and shows why', async () => {
    let tasks = [task(1, RUI, '2026-12-09', '10:00'), task(2, RUI, '2026-12-11', '08:00'), task(3, ANA, '2026-12-10', '08:00', { status: 'realized', event_state: 'finished' })];
    const { calls } = renderCalendar((call) => {
      if (call.method === 'GET') return tasks;
      const body = call.body as { task_date: string };
      if (body.task_date === '2026-12-11') throw Object.assign(new Error('409'), { status: 409, body: { code: 'representative_already_has_events_for_the_selected_day' } });
      tasks = tasks.map((t) => (t.id === 1 ? { ...t, task_date: body.task_date } : t));
      return tasks[0];
    }, { view: 'week' });
    const chip = await screen.findByRole('link', { name: '10:00 Visita 1' });
    expect(chip).toHaveAttribute('draggable', 'true');
    // a finished task does not move
    expect(screen.getByRole('link', { name: '08:00 Visita 3' })).toHaveAttribute('draggable', 'false');
    const cell = (rep: string, day: string) => screen.getByRole('row', { name: new RegExp(`^${rep}`) }).querySelector(`[data-day="${day}"]`)!;
    const drag = async (to: Element) => {
      const dt = dataTransfer();
      fireEvent.dragStart(chip, { dataTransfer: dt });
      fireEvent.dragOver(to, { dataTransfer: dt });
      await act(async () => { fireEvent.drop(to, { dataTransfer: dt }); });
    };

    await drag(cell('Rui', '2026-12-11'));
    expect(await screen.findByText('O representante já possui eventos no dia selecionado')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(FIELD_SALES_PATHS.task(1));
    expect(put.body).toMatchObject({ task_date: '2026-12-11', start_time: '10:00', representative_id: 6, place_ref: 'osm:N:1', scope: 'only_this' });
    expect(cell('Rui', '2026-12-09')).toContainElement(screen.getByRole('link', { name: '10:00 Visita 1' }));

    // another representative's row takes no drop
    await drag(cell('Ana', '2026-12-08'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await drag(cell('Rui', '2026-12-08'));
    await waitFor(() => expect(cell('Rui', '2026-12-08')).toContainElement(screen.getByRole('link', { name: '10:00 Visita 1' })));
    expect(await screen.findByText(/Tarefa reagendada para terça-feira, 8 de dezembro/)).toBeInTheDocument();
  });

  it('offers no drag to an admin who may only read the calendar', async () => {
    const reader = sessionUser({
      user_client_module_items: [{ id: 1, module_items: [{ slug: '4traders_tasks', permission: true }] }],
    } as Partial<SessionUser>);
    renderCalendar(() => [task(1, RUI, '2026-12-09', '10:00')], { user: reader });
    expect(await screen.findByRole('link', { name: '10:00 Visita 1' })).toHaveAttribute('draggable', 'false');
    expect(screen.queryByText(/Arraste uma tarefa/)).not.toBeInTheDocument();
  });
});
