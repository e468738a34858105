import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SessionUser } from '@lp/shared/contract';
import { Dashboard } from './Dashboard.tsx';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';

function renderHome(user: SessionUser | null) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(user)}>
        <Routes>
          <Route path="/" element={<Dashboard />} />
          <Route path="/overview" element={<p>overview page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('Dashboard (spec 1 §2.4: the control panel lands on admin_overview)', () => {
  it('sends who may open the overview there', async () => {
    renderHome(sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'overview', permission: true }] }] }));
    expect(await screen.findByText('overview page')).toBeInTheDocument();
  });

  it('greets anyone else with the screens they may open', async () => {
    renderHome(sessionUser());
    expect(await screen.findByText('Olá, Igor Instructor!')).toBeInTheDocument();
    expect(screen.queryByText('overview page')).not.toBeInTheDocument();
  });

  it('shows no greeting without a session (no "Olá, !" on the way to the login page)', async () => {
    renderHome(null);
    await act(async () => { await new Promise((resolve) => { setTimeout(resolve, 50); }); });
    expect(screen.queryByText(/Olá/)).not.toBeInTheDocument();
  });
});
