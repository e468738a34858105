import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider } from 'react-admin';
import { ADMIN_RESOURCES, REWARD_PATHS, type Sale } from '@lp/shared/contract';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { i18n } from '../../test/fixtures.ts';
import { SalesList } from './SalesScreens.tsx';

const sale = (over: Partial<Sale>): Sale => ({
  id: 5, campaign_id: 1, user: { id: 9, name: 'Lia Learner' }, sale_date: '2026-11-20', invoice_number: 'NF-9', branch_id: null, branch_name: null,
  retailer: 'Loja', status: 'awaiting_approval', status_comment: '', justification_id: null, justification: '', observation: '', audited: false, auditor: null,
  audited_at: null, sale_total_points: 230, invoice_url: 'http://localhost/api/files/media/x', created_at: '2026-11-20T10:00:00Z',
  items: [{ product_id: 1, product: 'TV 50"', product_code: 'TV50', sku: '', product_type_id: null, brand_id: null, quantity: 2, unit_points: 100, points: 200 }],
  ...over,
});

function renderSales(rows: Sale[], routes: Parameters<typeof fakeHttp>[0]) {
  const { http, calls } = fakeHttp(routes);
  const dataProvider = testDataProvider({
    getList: (async (resource: string) => (resource === ADMIN_RESOURCES.reward_justifications.name
      ? { data: [{ id: 3, kind: 'sale', text: 'Nota ilegível' }], total: 1 }
      : { data: rows, total: rows.length })) as never,
  });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ContractHttpProvider value={http}>
        <ResourceContextProvider value={ADMIN_RESOURCES.reward_sales.name}><SalesList /></ResourceContextProvider>
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return calls;
}

describe('sales audit (spec 3 §2 "Sales … are audited", §4 "Reproving needs a justification")', () => {
  it('lists the sale with its products, points and invoice link, and approves it', async () => {
    const calls = renderSales([sale({})], { [`POST ${REWARD_PATHS.audit(5)}`]: () => sale({ status: 'approved', audited: true }) });
    const row = (await screen.findByText('NF-9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2× TV 50"')).toBeInTheDocument();
    expect(within(row).getByText('230')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Nota fiscal' })).toHaveAttribute('href', 'http://localhost/api/files/media/x');
    // a sale is audited in place: no editor to open (canEdit={false})
    expect(within(row).queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: REWARD_PATHS.audit(5), body: { status: 'approved' } }));
  });

  it('reproves only with a justification', async () => {
    const calls = renderSales([sale({})], { [`POST ${REWARD_PATHS.audit(5)}`]: () => sale({ status: 'reproved' }) });
    const row = (await screen.findByText('NF-9')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reprovar' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Justificativa' }), 'foto cortada');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(calls).toContainEqual({
      method: 'POST', path: REWARD_PATHS.audit(5), body: { status: 'reproved', justification_id: null, justification: 'foto cortada' },
    }));
  });

  it('offers no audit on a reproved sale (final)', async () => {
    renderSales([sale({ status: 'reproved' })], {});
    const row = (await screen.findByText('NF-9')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Reprovar' })).toBeDisabled();
  });
});
