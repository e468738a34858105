import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider } from 'react-admin';
import { ADMIN_RESOURCES, REWARD_PATHS, type Campaign, type CampaignEvent, type PhotoUpload } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { i18n } from '../../test/fixtures.ts';
import { CampaignEvents, eventLink } from './CampaignEvents.tsx';
import { rewardReportBody } from './campaignReports.tsx';
import { PhotoList } from './PhotoScreens.tsx';

const photo = (over: Partial<PhotoUpload>): PhotoUpload => ({
  id: 7, campaign_id: 1, user: { id: 9, name: 'Lia Learner' }, photo_type_id: 2, photo_type: 'Vitrine', information: 'Natal', url: 'http://localhost/api/files/media/p',
  status: 'awaiting_approval', reproval_reason: '', audited_at: null, created_at: '2026-11-20T10:00:00Z', ...over,
});

function renderWith(node: React.ReactNode, routes: Parameters<typeof fakeHttp>[0], rows: unknown[] = []) {
  const { http, calls } = fakeHttp(routes);
  const dataProvider = testDataProvider({
    getList: (async (resource: string) => (resource === ADMIN_RESOURCES.reward_justifications.name
      ? { data: [{ id: 4, kind: 'file', text: 'Foto sem a vitrine completa' }], total: 1 }
      : { data: rows, total: rows.length })) as never,
  });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <QueryClientProvider client={new QueryClient()}>
        <ContractHttpProvider value={http}>{node}</ContractHttpProvider>
      </QueryClientProvider>
      <Notification />
    </AdminContext>,
  );
  return calls;
}

describe('photo audit (spec 3 §4 "Photo upload: reproved with a reason, or deleted")', () => {
  const list = <ResourceContextProvider value={ADMIN_RESOURCES.reward_photos.name}><PhotoList /></ResourceContextProvider>;

  it('shows the photo and approves it', async () => {
    const calls = renderWith(list, { [`POST ${REWARD_PATHS.photoAudit(7)}`]: () => photo({ status: 'approved' }) }, [photo({})]);
    const row = (await screen.findByText('Natal')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Vitrine' })).toHaveAttribute('src', 'http://localhost/api/files/media/p');
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: REWARD_PATHS.photoAudit(7), body: { status: 'approved' } }));
  });

  it('reproves only with a reason, and deletes after a confirmation', async () => {
    const calls = renderWith(list, {
      [`POST ${REWARD_PATHS.photoAudit(7)}`]: () => photo({ status: 'reproved' }),
      [`DELETE ${REWARD_PATHS.photo(7)}`]: () => null,
    }, [photo({})]);
    const row = (await screen.findByText('Natal')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reprovar' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo da reprovação' }), 'cortada');
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(calls).toContainEqual({
      method: 'POST', path: REWARD_PATHS.photoAudit(7), body: { status: 'reproved', justification_id: null, justification: 'cortada' },
    }));
    // the reprove dialog leaves first: while it closes, the page behind is hidden from the accessibility tree
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = (await screen.findByText('Natal')).closest('tr') as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: 'Excluir' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: REWARD_PATHS.photo(7), body: undefined }));
  });
});

describe('campaign events with a QR code (spec 1 §6.2 events_qrcode)', () => {
  const campaign = { id: 3, status: 'published' } as Campaign;
  const event: CampaignEvent = { id: 11, campaign_id: 3, title: 'Lançamento', event_date: '2026-12-01', points: 50, qr_token: 'tok_123', scans: 4, created_at: '' };

  it('lists the events with their scans, creates one and shows its QR code with the portal link', async () => {
    const created: CampaignEvent = { ...event, id: 12, title: 'Convenção', qr_token: 'tok_456', scans: 0 };
    const calls = renderWith(<CampaignEvents campaign={campaign} />, {
      [`GET ${REWARD_PATHS.events(3)}`]: () => [event],
      [`POST ${REWARD_PATHS.events(3)}`]: () => created,
    });
    const row = (await screen.findByText('Lançamento')).closest('tr') as HTMLElement;
    expect(within(row).getByText('4')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Evento' }), 'Convenção');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Pontos' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar evento' }));
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: REWARD_PATHS.events(3), body: { title: 'Convenção', event_date: null, points: 30 } }));
    const dialog = await screen.findByRole('dialog', { name: 'Convenção' });
    expect(within(dialog).getByText(`${window.location.origin}/rewards/qrcode/tok_456`)).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'QR code do evento' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
  });

  it('builds the link the QR code carries on the portal page that credits it', () => {
    expect(eventLink({ qr_token: 'a/b' }, 'https://lp.example')).toBe('https://lp.example/rewards/qrcode/a%2Fb');
  });
});

describe('reward report buttons (issue 18 item 9)', () => {
  it('asks for the filtered campaign, with the status when chosen, and waits without one', () => {
    expect(rewardReportBody({})).toBeNull();
    expect(rewardReportBody({ campaign_id: 4 })).toEqual({ campaign_id: 4 });
    expect(rewardReportBody({ campaign_id: '4', status: 'approved' })).toEqual({ campaign_id: 4, status: 'approved' });
  });
});
