import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type AuditLogEntry } from '@lp/shared/contract';
import { ALL_PERMISSION_SLUGS } from '@lp/shared/rules';
import auditLog from './index.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderResourceAt, type ResourceViews } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.audit_log.name;
const entry: AuditLogEntry = {
  id: 7, action: 'email_change', actor_id: 1, actor_name: 'Ana Admin', target_user_id: 9, target_name: 'Lia Learner', client_id: 1,
  client_name: 'Demo Retail', details: { from: 'lia@demo.local', to: 'lia@novo.local' }, ip: '203.0.113.9', user_agent: 'Firefox',
  created_at: '2026-11-27T10:00:00Z',
};

function provider() {
  const getList = vi.fn(async () => ({ data: [entry], total: 1 }));
  return { dataProvider: testDataProvider({ getList } as unknown as Partial<DataProvider>), getList };
}

const renderAt = (user: ReturnType<typeof sessionUser>, dataProvider: DataProvider) =>
  renderResourceAt(auditLog as unknown as ResourceViews, RESOURCE, `/${RESOURCE}`, user, dataProvider);

describe('audit log (docs/security.md "Shared users")', () => {
  it('lists who did what to whom, newest first, for a superuser', async () => {
    const { dataProvider, getList } = provider();
    renderAt(sessionUser({ is_superuser: true }), dataProvider);
    const row = (await screen.findByText('Lia Learner')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('E-mail alterado');
    expect(row).toHaveTextContent('Ana Admin');
    expect(row).toHaveTextContent('from: lia@demo.local · to: lia@novo.local');
    expect(row).toHaveTextContent('203.0.113.9');
    // spec 1 §9: day first for a Portuguese-speaking user
    expect(row).toHaveTextContent(/27\/11\/2026/);
    // read-only: nothing to create
    expect(screen.queryByRole('link', { name: /criar|create/i })).toBeNull();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });

  it('sends an administrator home, even with every module item', async () => {
    const { dataProvider, getList } = provider();
    renderAt(adminWith([...ALL_PERMISSION_SLUGS]), dataProvider);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });
});
