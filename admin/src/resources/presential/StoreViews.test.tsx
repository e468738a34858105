import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { ADMIN_RESOURCES, PRESENTIAL_STORE_PATHS, type StorePlannedAppointment, type StoreScheduledDay, type StoreSeat } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import { StoreCatalogList, StorePlannedList, StoreScheduledList, StoreSeatsList } from './StoreViews.tsx';
import { bare, renderScreen } from './presentialTestKit.tsx';

const R = ADMIN_RESOURCES;
const trainee = { enrollment_id: 7, user_id: 8, name: 'Lia Learner', email: 'lia@demo.local', status: 'subscribed' as const, event_date: '2026-12-10' };

function open(element: ReactElement, resource: string, slugs: string[], rows: RaRecord[], store: { id: number; name: string } | null = { id: 3, name: 'Loja Norte' }) {
  return renderScreen(element, {
    path: `/${resource}`, resource, user: adminWith(slugs), lists: { [resource]: rows },
    serve: async (path) => {
      if (bare(path) === PRESENTIAL_STORE_PATHS.store) return { store };
      throw new Error(`unexpected ${path}`);
    },
  });
}

describe('store manager views (spec 1 §6.2 "Catalog and vacancies")', () => {
  it('the catalog names the managed store and shows each course\'s plan, "—" without one', async () => {
    open(<StoreCatalogList />, R.presential_store_catalog.name, ['store_catalog'], [
      { id: 1, code: 'ST-X', name: 'Vitrine', quarter: '4/2026', planned: 2, filled: 1, available: 1 },
      { id: 2, code: 'ST-Y', name: 'Caixa', quarter: '4/2026', planned: null, filled: null, available: null },
    ]);
    expect(await screen.findByText('Loja: Loja Norte')).toBeInTheDocument();
    const row = (await screen.findByText('Caixa')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('—')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /criar|excluir/i })).not.toBeInTheDocument();
  });

  it('says so when the user manages no store', async () => {
    open(<StoreCatalogList />, R.presential_store_catalog.name, ['store_catalog'], [], null);
    expect(await screen.findByText(/Você não é gerente de uma loja deste cliente/)).toBeInTheDocument();
  });

  it('the seats list shows the trainees column only with store_manager_seats_trainees', async () => {
    const seat: StoreSeat = {
      id: 4, course_id: 1, course_code: 'ST-X', course_name: 'Vitrine', quarter: '4/2026', total: 2, planned: 2, filled: 1, available: 1, canceled: 0, trainees: [trainee],
    };
    open(<StoreSeatsList />, R.presential_store_seats.name, ['store_manager_seats', 'store_manager_seats_trainees'], [seat]);
    expect(await screen.findByText('Lia Learner (2026-12-10)')).toBeInTheDocument();
    expect(screen.getByText('Treinandos')).toBeInTheDocument();
  });

  it('the seats list without the trainees key has no trainees column', async () => {
    const { trainees: _t, ...seat } = { id: 4, course_id: 1, course_code: 'ST-X', course_name: 'Vitrine', quarter: '4/2026', total: 2, planned: 2, filled: 1, available: 1, canceled: 0, trainees: [] };
    open(<StoreSeatsList />, R.presential_store_seats.name, ['store_manager_seats'], [seat]);
    expect(await screen.findByText('Vitrine')).toBeInTheDocument();
    expect(screen.queryByText('Treinandos')).not.toBeInTheDocument();
  });

  it('the planned list shows the store\'s people with their results when the server sends them', async () => {
    const planned: StorePlannedAppointment = {
      id: 9, title: 'Vitrine na prática', course_code: 'ST-X', status: 'in_progress', first_date: '2026-12-10',
      trainees: [{ ...trainee, presence: 'present', result: 'approved', score: 9.5 }],
    };
    open(<StorePlannedList />, R.presential_store_planned.name, ['store_planned', 'store_planned_evaluation'], [planned]);
    expect(await screen.findByText('Lia Learner (2026-12-10) — Presente · Aprovado · 9.5')).toBeInTheDocument();
    expect(screen.getByText('Em andamento')).toBeInTheDocument();
  });

  it('the scheduled days show presence and result columns only with store_day_scheduled_evaluation', async () => {
    const day: StoreScheduledDay = {
      id: 5, appointment_id: 9, appointment_title: 'Vitrine na prática', event_title: 'Dia 1', date: '2026-12-10', start_hour: '09:00', end_hour: '17:00',
      location_name: 'Sala 1', status: 'subscribed', user: { id: 8, name: 'Lia Learner', email: 'lia@demo.local' }, presence: 'absent', result: 'reproved', score: 3,
    };
    open(<StoreScheduledList />, R.presential_store_scheduled.name, ['store_day_scheduled', 'store_day_scheduled_evaluation'], [day]);
    const row = (await screen.findByText('Lia Learner')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-12-10 09:00–17:00')).toBeInTheDocument();
    expect(within(row).getByText('Ausente')).toBeInTheDocument();
    expect(within(row).getByText('Reprovado')).toBeInTheDocument();
    expect(within(row).getByText('Inscrito')).toBeInTheDocument();
  });

  it('the scheduled days without the evaluation key have no result columns', async () => {
    const day = {
      id: 5, appointment_id: 9, appointment_title: 'Vitrine na prática', event_title: 'Dia 1', date: '2026-12-10', start_hour: '09:00', end_hour: '17:00',
      location_name: 'Sala 1', status: 'subscribed', user: { id: 8, name: 'Lia Learner', email: 'lia@demo.local' },
    };
    open(<StoreScheduledList />, R.presential_store_scheduled.name, ['store_day_scheduled'], [day]);
    expect(await screen.findByText('Lia Learner')).toBeInTheDocument();
    expect(screen.queryByText('Presença')).not.toBeInTheDocument();
  });
});
