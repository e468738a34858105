import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESENTIAL_PATHS, type PresentialCalendarEvent } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import { PresentialCalendar, eventsByDay, weekOf } from './PresentialCalendar.tsx';
import { renderScreen } from './presentialTestKit.tsx';
import { NAME } from './presentialUi.ts';

const item = (over: Partial<PresentialCalendarEvent>): PresentialCalendarEvent => ({
  id: 5, appointment_id: 1, title: 'Vendas presencial', status: 'approved', event_type: 'without_tests', date: '2026-12-10', start_hour: '09:00',
  end_hour: '17:00', location_name: 'Sala 1', qty_participants: 3, maximum_participants: 20, ...over,
});
const EVENTS = [item({}), item({ id: 6, appointment_id: 2, title: 'Pós-venda', status: 'awaiting_approval', date: '2026-12-15', start_hour: '14:00' })];

function open() {
  return renderScreen(<PresentialCalendar today="2026-12-10" />, {
    path: '/presential/calendar', user: adminWith(['approve_events']),
    serve: async (path) => (path.startsWith(PRESENTIAL_PATHS.calendar) ? EVENTS : []),
  });
}

describe('presential calendar (spec 1 §2.3 presential/calendar)', () => {
  it('groups by day and knows the week of a day (Sunday first, as the month grid)', () => {
    expect(weekOf('2026-12-10')).toEqual(['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']);
    expect([...eventsByDay(EVENTS).keys()]).toEqual(['2026-12-10', '2026-12-15']);
  });

  it('reads the month grid\'s range in one call and shows each event on its day', async () => {
    const server = open();
    const grid = await screen.findByRole('table', { name: /dezembro/i });
    expect(server).toHaveBeenCalledWith(`${PRESENTIAL_PATHS.calendar}?from=2026-11-29&to=2027-01-02`, 'GET');
    expect(within(grid).getByText('09:00 Vendas presencial')).toBeInTheDocument();
    expect(within(grid).getByText('14:00 Pós-venda')).toBeInTheDocument();
    // the list under the grid says the place, seats and status
    expect(screen.getByText('Aprovado · 3/20 participantes')).toBeInTheDocument();
  });

  it('switches to the week and opens the appointment of an event', async () => {
    const server = open();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(`${PRESENTIAL_PATHS.calendar}?from=2026-12-06&to=2026-12-12`, 'GET'));
    const day = await screen.findByRole('region', { name: /10 de dezembro/i });
    await userEvent.click(within(day).getByRole('button', { name: /Vendas presencial/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/${NAME}/1`));
  });
});
