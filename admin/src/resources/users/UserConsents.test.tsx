import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { formatDateTime } from '@lp/shared/rules';
import type { SessionUser, UserConsent } from '@lp/shared/contract';
import { UserConsentsButton } from './UserConsents.tsx';
import { UserEditActions } from './UserEditActions.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';
import { wireDataProvider } from '../../test/wireFakes.ts';
import { toHttpError } from '../../common/http/index.ts';

/** the server's GET answers (the list comes through the real data provider) */
const json = vi.fn<(path: string) => Promise<unknown>>();

const ROWS: UserConsent[] = [
  { id: 3, kind: 'terms', version: '2026-02', accepted: true, created_at: '2026-11-21T14:05:00Z', ip: '10.0.0.7', user_agent: 'Portal/1.0' },
  { id: 1, kind: 'cookies_policy', version: 'v1', accepted: false, created_at: '2026-01-02T08:30:00Z', ip: null, user_agent: null },
];

function renderActions(admin: SessionUser, withToolbar = false) {
  render(
    <AdminContext dataProvider={wireDataProvider((path) => json(path))} i18nProvider={i18n()} authProvider={authFor(admin)}>
      <RecordContextProvider value={adminUser()}>
        {withToolbar ? <UserEditActions /> : <UserConsentsButton />}
        <p>ready</p>
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('UserConsents (spec 1 §2.3 consent viewing, permission visualize_consent)', () => {
  beforeEach(() => { json.mockReset(); });

  it('is not shown without visualize_consent', async () => {
    renderActions(adminWith(['users', 'users_manage']), true);
    await screen.findByText('ready');
    expect(await screen.findByRole('button', { name: 'Bloquear' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Consentimentos' })).not.toBeInTheDocument();
    expect(json).not.toHaveBeenCalled();
  });

  it('lists the history: kind, version, decision, date (DD/MM/YYYY HH:mm) and IP', async () => {
    json.mockResolvedValue(ROWS);
    renderActions(adminWith(['users', 'visualize_consent']), true);
    await userEvent.click(await screen.findByRole('button', { name: 'Consentimentos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consentimentos de Lara Learner' });
    expect(json).toHaveBeenCalledWith('/admin_users/users/7/consents/');
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DocumentoVersãoDecisãoDataIP',
      'Termos de uso2026-02Aceito21/11/2026 14:0510.0.0.7',
      'Política de cookiesv1Recusado02/01/2026 08:30',
    ]);
  });

  it('says so when there is nothing recorded', async () => {
    json.mockResolvedValue([]);
    renderActions(adminWith(['visualize_consent']));
    await userEvent.click(await screen.findByRole('button', { name: 'Consentimentos' }));
    expect(await screen.findByText('Nenhum consentimento registrado para este usuário neste cliente.')).toBeInTheDocument();
  });

  it('shows the API refusal translated', async () => {
    json.mockRejectedValue(toHttpError(403, { detail: 'no', code: 'permission_denied' }));
    renderActions(adminWith(['visualize_consent']));
    await userEvent.click(await screen.findByRole('button', { name: 'Consentimentos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão');
  });

  it('formats MM-DD-YYYY HH:mm for English and French (spec 1 §9)', () => {
    expect(formatDateTime('2026-11-21T14:05:00Z', 1)).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-21T14:05:00Z', 3)).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-21T14:05:00Z', 2)).toBe('11-21-2026 14:05');
    expect(formatDateTime('2026-11-21T00:05:00Z', 4)).toBe('11-21-2026 00:05');
  });
});
