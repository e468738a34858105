import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ListContextProvider, Notification, testDataProvider, usePermissions, type ListControllerResult } from 'react-admin';
import { COURSES_REPORT_PATH, TRAILS_REPORT_PATH, USERS_REPORT_PATH, type SessionUser } from '@lp/shared/contract';
import { readSession, updateSession } from '@lp/shared/client';
import { apiClient } from '../apiClient.ts';
import { ReportButton, ReportRequestButton } from './ReportButton.tsx';
import { coursesReportBody } from '../resources/trainings/TrainingList.tsx';
import { usersReportBody } from '../resources/users/usersReportBody.ts';
import { authFor, i18n } from '../test/fixtures.ts';
import { adminWith } from '../test/userFixtures.ts';

vi.mock('../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
const request = vi.mocked(apiClient.request);

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const reporter = (overrides: Partial<SessionUser> = {}) => adminWith(['users', 'reports'], overrides);

function renderButton(admin: SessionUser, filterValues: Record<string, unknown> = {}) {
  updateSession(localStorage, { user: admin });
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <ListContextProvider value={{ filterValues } as unknown as ListControllerResult}>
        <ReportButton report="users" path={USERS_REPORT_PATH} toBody={usersReportBody} />
      </ListContextProvider>
      <Notification />
    </AdminContext>,
  );
}

const button = () => screen.findByRole('button', { name: 'Exportar relatório' });

describe('ReportButton (spec 1 §4.4: 5 minutes between requests, superusers exempt)', () => {
  beforeEach(() => { request.mockReset(); });

  it('is disabled with a countdown while the last request is under 5 minutes old', async () => {
    renderButton(reporter({ last_report_requests: { users: minutesAgo(1) } }));
    await userEvent.hover((await button()).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Disponível novamente em (4:00|3:5\d)/);
    expect(await button()).toBeDisabled();
  });

  it('is enabled again after 5 minutes', async () => {
    renderButton(reporter({ last_report_requests: { users: minutesAgo(6) } }));
    await waitFor(async () => expect(await button()).toBeEnabled());
  });

  it('stays enabled for a superuser right after a request', async () => {
    renderButton(reporter({ is_superuser: true, last_report_requests: { users: minutesAgo(0) } }));
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.hover((await button()).parentElement!);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('sends the list filters, shows the processing message and starts the cooldown', async () => {
    const requestedAt = new Date().toISOString();
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'report_processing', report: 'users', requested_at: requestedAt }), { status: 202 }));
    renderButton(reporter(), { q: ' ana ', status: 'active', profile_id: 3, area_id: '' });
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(await screen.findByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(USERS_REPORT_PATH, { method: 'POST', body: JSON.stringify({ search: 'ana', status: 'active', profile_id: 3 }) });
    expect(await button()).toBeDisabled();
    // a reload still knows: the stored session carries the new timestamp
    expect(readSession(localStorage).user?.last_report_requests.users).toBe(requestedAt);
  });

  it('shows the translated cooldown error (429) and waits as long as the server says', async () => {
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'too soon', code: 'report_cooldown' }), {
      status: 429, headers: { 'Retry-After': '120' },
    }));
    renderButton(reporter());
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(await screen.findByText('Este relatório foi solicitado há menos de 5 minutos. Aguarde para solicitá-lo novamente.')).toBeInTheDocument();
    expect(await button()).toBeDisabled();
    await userEvent.hover((await button()).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Disponível novamente em (2:00|1:5\d)/);
  });

  it('is not shown without the Excel reports item (spec 1 §6.2 reports)', async () => {
    const admin = adminWith(['users']);
    function PermissionsRead() {
      const { isPending } = usePermissions();
      return isPending ? null : <p>permissions read</p>;
    }
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
        <ListContextProvider value={{ filterValues: {} } as unknown as ListControllerResult}>
          <ReportButton report="users" path={USERS_REPORT_PATH} toBody={usersReportBody} />
          <PermissionsRead />
        </ListContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('permissions read')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar relatório' })).not.toBeInTheDocument();
  });

  it('asks for the trainings report with the trainings list’s search and status', async () => {
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'report_processing', report: 'courses', requested_at: new Date().toISOString() }), { status: 202 }));
    const admin = adminWith(['trainings', 'reports']);
    updateSession(localStorage, { user: admin });
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
        <ListContextProvider value={{ filterValues: { q: 'vendas', status: 2 } } as unknown as ListControllerResult}>
          <ReportButton report="courses" path={COURSES_REPORT_PATH} toBody={coursesReportBody} />
        </ListContextProvider>
        <Notification />
      </AdminContext>,
    );
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    expect(request).toHaveBeenCalledWith(COURSES_REPORT_PATH, { method: 'POST', body: JSON.stringify({ search: 'vendas', status: 2 }) });
    expect(await button()).toBeDisabled();
    expect(readSession(localStorage).user?.last_report_requests.courses).toEqual(expect.any(String));
  });

  it('opens one trail’s report from its editor, outside any list (spec 2 §2.4)', async () => {
    request.mockResolvedValue(new Response(JSON.stringify({ detail: 'report_processing', report: 'trails', requested_at: new Date().toISOString() }), { status: 202 }));
    const admin = adminWith(['trails', 'reports'], { last_report_requests: { courses: minutesAgo(1) } });
    updateSession(localStorage, { user: admin });
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
        <ReportRequestButton report="trails" path={TRAILS_REPORT_PATH} body={() => ({ trail_id: 42 })} label="resources.trails.report.open" />
        <Notification />
      </AdminContext>,
    );
    // another report's cooldown does not hold this one back
    const open = await screen.findByRole('button', { name: 'Abrir relatório da trilha' });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    expect(request).toHaveBeenCalledWith(TRAILS_REPORT_PATH, { method: 'POST', body: JSON.stringify({ trail_id: 42 }) });
    expect(await screen.findByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeInTheDocument();
  });
});
