import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { guarded } from './PermissionGuard.tsx';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';
import type { SessionUser } from '@lp/shared/contract';

const Screen = () => <p>secret screen</p>;

function renderGuarded(title: string, user: SessionUser | null, auth = authFor(user)) {
  const View = guarded(title, Screen);
  return render(
    <MemoryRouter initialEntries={['/screen']}>
      <AdminContext i18nProvider={i18n()} authProvider={auth}>
        <Routes>
          <Route path="/" element={<p>dashboard</p>} />
          <Route path="/login" element={<p>login form</p>} />
          <Route path="/screen" element={<View />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('guarded', () => {
  it('sends a visitor without a session to login through the auth check (spec 1 §2.4)', async () => {
    const checkAuth = vi.fn(async () => { throw new Error('ra.auth.auth_check_error'); });
    renderGuarded('tags', null, { ...authFor(null), checkAuth });
    expect(await screen.findByText('login form')).toBeInTheDocument();
    expect(checkAuth).toHaveBeenCalled();
    expect(screen.queryByText('secret screen')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders the screen when the title slug is granted', async () => {
    renderGuarded('tags', sessionUser());
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
  });

  it('shows "permission denied" instead of the screen without the module item', async () => {
    renderGuarded('users_groups', sessionUser());
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(screen.queryByText('secret screen')).not.toBeInTheDocument();
  });

  it('sends other users home from superuser-only titles (spec 1 §6.1)', async () => {
    renderGuarded('area_config', sessionUser());
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByText('secret screen')).not.toBeInTheDocument();
  });

  it('lets a superuser through', async () => {
    renderGuarded('area_config', sessionUser({ is_superuser: true }));
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
  });
});
