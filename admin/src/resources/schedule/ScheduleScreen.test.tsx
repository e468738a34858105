import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { CalendarItem } from '@lp/shared/contract';
import { ScheduleScreen, itemsByDay } from './ScheduleScreen.tsx';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

const item = (over: Partial<CalendarItem>): CalendarItem => ({
  kind: 'activity_available', date: '2026-11-10', starts_at: null, title: 'Aula 2', training: { id: 7, title: 'Vendas' }, webcast_id: null, live_class_id: null, subscribed: false, ...over,
});

describe('ScheduleScreen (spec 3 §2 schedule)', () => {
  it('places transmissions on their day in the viewer’s zone', () => {
    const days = itemsByDay([item({}), item({ kind: 'webcast', date: null, starts_at: '2026-11-11T01:00:00Z', training: null, webcast_id: 3 })], 'America/Sao_Paulo');
    expect([...days.keys()]).toEqual(['2026-11-10']);
    expect(days.get('2026-11-10')).toHaveLength(2);
  });

  it('shows the month’s items and moves month by month, asking for each grid’s days', async () => {
    const serveJson = vi.fn(async (path: string) => ({
      start: '', end: '',
      results: path.includes('start=2026-11-01') ? [
        item({}), item({ kind: 'training_unpublish', date: '2026-11-20', title: 'Vendas' }),
        item({ kind: 'webcast', date: null, starts_at: '2026-11-12T19:00:00Z', title: 'Lançamento', training: null, webcast_id: 3 }),
        item({
          kind: 'event', date: null, starts_at: '2026-11-13T12:00:00Z', title: 'Convenção', training: null,
          event: { id: 9, description: '', link: '', time_zone: 'America/Sao_Paulo' },
        }),
      ] : [],
    }));
    render(
      <MemoryRouter>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
          <ContractHttpProvider value={wireHttp(serveJson)}>
            <ScheduleScreen today="2026-11-23" />
          </ContractHttpProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'novembro de 2026' })).toBeInTheDocument();
    expect(serveJson).toHaveBeenCalledWith('/admin_schedule/schedule/?start=2026-11-01&end=2026-12-05', 'GET');
    const link = await screen.findByRole('link', { name: 'Aula 2 liberada (Vendas)' });
    expect(link).toHaveAttribute('href', '/trainings/7');
    expect(screen.getByText('Último dia de Vendas')).toBeInTheDocument();
    // the list's days written out, and a transmission's time as HH:mm in the admin's zone (the tests run in UTC)
    expect(screen.getByText('terça-feira, 10 de novembro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^19:00 · / })).toHaveAttribute('href', '/webcasts/3');
    // spec 1 §2.3 schedule/{id}: the administrators' items open their editor, from the grid and the list
    expect(screen.getByRole('link', { name: '12:00 · Convenção' })).toHaveAttribute('href', '/schedule/9');
    expect(screen.getByRole('link', { name: 'Convenção' })).toHaveAttribute('href', '/schedule/9');
    expect(screen.getByRole('link', { name: 'Novo item da agenda' })).toHaveAttribute('href', '/schedule/create');
    const grid = screen.getByRole('table', { name: 'novembro de 2026' });
    expect(within(grid).getAllByRole('row')).toHaveLength(6);

    await userEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'dezembro de 2026' })).toBeInTheDocument();
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith('/admin_schedule/schedule/?start=2026-11-29&end=2027-01-02', 'GET'));
    expect(await screen.findByText('Nada agendado neste mês')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hoje' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'novembro de 2026' })).toBeInTheDocument();
  });
});
