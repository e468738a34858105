import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AppRoutes } from '../../routes.tsx';
import { myTasksPath } from '../../lib/field-tasks.ts';

afterEach(() => { vi.unstubAllGlobals(); });

const visit = {
  id: 5, title: '', task_date: '2026-12-07', start_time: '09:00', end_time: '10:00', address: 'Avenida Paulista', number: '1000',
  neighborhood: 'Bela Vista', city: 'São Paulo', status: 'pending',
};

describe('field-sales: my visits (spec 3 §1, the operator side)', () => {
  it('asks for today, then for the week, from the device\'s today', () => {
    const now = new Date('2026-12-07T02:00:00Z');
    // 23:00 of the 6th in São Paulo: the device's day, not UTC's
    expect(myTasksPath('today', 'America/Sao_Paulo', now)).toBe('/4traders/my_tasks/?from=2026-12-06&days=1');
    expect(myTasksPath('week', 'America/Sao_Paulo', now)).toBe('/4traders/my_tasks/?from=2026-12-06&days=7');
  });

  it('lists the visits with their address and status, and switches to the week', async () => {
    loggedIn();
    const { calls } = fakeApi({ 'GET /4traders/my_tasks/': [200, [visit]] });
    await renderWithApp(<AppRoutes />, { path: '/field_sales', locale: 'en' });
    const link = await screen.findByRole('link', { name: /Avenida Paulista, 1000 — Bela Vista — São Paulo/ });
    expect(link).toHaveAttribute('href', '/field_sales/5');
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/4traders/my_tasks/')).toHaveLength(2));
    // the menu names the page only to who carries out tasks
    expect(screen.queryByRole('link', { name: 'My visits' })).not.toBeInTheDocument();
  });

  it('puts "My visits" in the menu of a representative (4traders_apply_events)', async () => {
    loggedIn({ ...demoUser, user_client_module_items: [{ id: 1, module_items: [{ slug: '4traders_apply_events', permission: true }] }] });
    fakeApi({ 'GET /4traders/my_tasks/': [200, []] });
    await renderWithApp(<AppRoutes />, { path: '/field_sales', locale: 'en' });
    expect(await screen.findByText('No visits in this period.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My visits' })).toHaveAttribute('href', '/field_sales');
  });
});
