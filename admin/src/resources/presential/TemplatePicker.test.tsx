import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESENTIAL_PATHS, type AppointmentListItem } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import { AppointmentList } from './AppointmentList.tsx';
import { renderScreen } from './presentialTestKit.tsx';
import { NAME } from './presentialUi.ts';

const template: AppointmentListItem = {
  id: 12, display_title: 'Modelo de vendas', course_code: 'VND-1', appointment_type: 'Sala', training_type: 'open', status: 'pre_scheduled',
  first_date: null, events_count: 2, qty_participants: 0, maximum_participants: null, actions: [], created_at: '2026-11-20T10:00:00Z',
};

function open(slugs: string[]) {
  return renderScreen(<AppointmentList />, {
    path: `/${NAME}`, user: adminWith(slugs), lists: { [NAME]: [{ ...template, id: 3, display_title: 'Pós-venda' }] },
    serve: async (path, method) => {
      if (path.startsWith(PRESENTIAL_PATHS.templates) && method === 'GET') return { count: 1, results: [template] };
      if (path === PRESENTIAL_PATHS.fromTemplate(12) && method === 'POST') return { id: 40 };
      return [];
    },
  });
}

describe('create from a template (spec 3 §2 "save as template (model)")', () => {
  it('lists the templates and creates an appointment from the one picked, then opens it', async () => {
    const server = open(['request_events', 'view_cancel_enrollments']);
    await userEvent.click(await screen.findByRole('button', { name: 'Criar a partir de modelo' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Modelo de vendas.*VND-1 · Sala · 2 eventos/ }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(PRESENTIAL_PATHS.fromTemplate(12), 'POST'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/${NAME}/40`));
    // the list also leads to the calendar and the cancellation requests
    expect(await screen.findByRole('link', { name: /Calendário presencial/ })).toHaveAttribute('href', '/presential/calendar');
    expect(await screen.findByRole('link', { name: 'Pedidos de cancelamento' })).toHaveAttribute('href', '/presential/cancel-enrollments');
  });

  it('is not offered without request_events, nor the cancellation requests without view_cancel_enrollments', async () => {
    open(['approve_events']);
    expect(await screen.findByRole('link', { name: /Calendário presencial/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar a partir de modelo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pedidos de cancelamento' })).not.toBeInTheDocument();
  });
});
