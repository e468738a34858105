import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_RESOURCES, PRESENTIAL_PATHS, type PresentialEnrollment } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import { CancelEnrollmentList } from './CancelEnrollmentList.tsx';
import { renderScreen } from './presentialTestKit.tsx';

const request = (over: Partial<PresentialEnrollment>): PresentialEnrollment => ({
  id: 31, appointment_id: 1, appointment_title: 'Vendas presencial', event_id: 5, event_date: '2026-12-10', event_start_hour: '09:00',
  user: { id: 8, name: 'Lia Learner', email: 'lia@demo.local', branch: 'Loja Centro' }, status: 'awaiting_cancellation', cancellation_reason: 'Viagem',
  created_at: '2026-11-25T10:00:00Z', ...over,
});

function open() {
  const rows = [request({}), request({ id: 32, user: { id: 9, name: 'Rui Rep', email: null, branch: null }, cancellation_reason: null })];
  return renderScreen(<CancelEnrollmentList />, {
    path: '/presential/cancel-enrollments', resource: ADMIN_RESOURCES.presential_cancel_enrollments.name, user: adminWith(['approve_events', 'view_cancel_enrollments']),
    lists: { [ADMIN_RESOURCES.presential_cancel_enrollments.name]: rows },
    serve: async (path, _method, body) => ({ ...request({}), status: (body as { approve: boolean }).approve ? 'canceled' : 'cancellation_reproved', id: Number(path.split('/')[3]) }),
  });
}

describe('cancellation requests (spec 3 §2 "cancellation requests (approve/reprove)")', () => {
  it('lists each request with its training, event and reason; approving says "request approved"', async () => {
    const server = open();
    const row = (await screen.findByText('Lia Learner')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Vendas presencial' })).toHaveAttribute('href', '/presential/appointments/1');
    expect(within(row).getByText('2026-12-10 09:00')).toBeInTheDocument();
    expect(within(row).getByText('Viagem')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(PRESENTIAL_PATHS.decideCancellation(31), 'POST', { approve: true }));
    expect(await screen.findByText('Solicitação aprovada')).toBeInTheDocument();
  });

  it('reproves at once, asking nothing', async () => {
    const server = open();
    const row = (await screen.findByText('Rui Rep')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(PRESENTIAL_PATHS.decideCancellation(32), 'POST', { approve: false }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Cancelamento reprovado')).toBeInTheDocument();
  });
});
