import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LearnerCampaign, RedeemOrder, Reward } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { withTus, type TusCall } from '../../test/tus.ts';

const campaign: LearnerCampaign = {
  id: 4, title: 'Summer sales', description: 'Sell and earn.', campaign_url: '', status: 'published', allows_invoice_registration: true,
  start_date: null, end_date: null, enrolled: true, level: { id: 2, name: 'Silver' }, total_points: 780, points_for_use: 430,
  levels: [{ id: 1, name: 'Bronze', points_from: 0, points_to: 499 }, { id: 2, name: 'Silver', points_from: 500, points_to: null }],
  stores: [{ id: 8, name: 'Downtown' }],
  photo_types: [{ id: 5, name: 'Shelf' }, { id: 6, name: 'Shop window' }],
  products: [{ id: 11, product: 'TV 55', product_code: 'TV55', unit_points: 300 }, { id: 12, product: 'HDMI cable', product_code: 'H2', unit_points: 10 }],
};
const reward = (over: Partial<Reward>): Reward => ({
  id: 1, reward_title: 'Headphones', reward_type_id: null, category_id: null, department_id: null, brand_id: null, campaign_id: null, description: '',
  image_url: null, points_to_aquire: 200, qty_in_stock: 3, purchase_limit_quantity: null, is_featured: false, sku: '', supplier_name: '', redemption_link: '',
  vouchers: '', redeem_instructions: '', uses_redeem_codes: false, active: true, codes_available: 0, created_at: '2026-11-01T00:00:00Z', ...over,
});
const order: RedeemOrder = {
  id: 3, order_number: 'A1B2C3', campaign_id: 4, reward_id: 1, reward_title: 'Headphones', user: { id: 3, name: 'Lia' }, quantity: 1, points: 200,
  status: 'shipped', status_comment: 'Post BR123', requester: { name: 'Lia', email: 'l@x', phone: { kind: 'mobile', country_code: '55', area_code: '11', number: '9999' }, address: { zip_code: '', street: 'A', number: '1', city: 'SP', state: 'SP', country: 'BR' } },
  redeem_code: 'VALE-1', redemption_link: 'https://example.com', redeem_instructions: 'Use it online.', registration_date: '2026-11-20T10:00:00Z', redeem_date: '2026-11-21T10:00:00Z',
  history: [
    { id: 1, previous_status: null, status: 'pending', status_comment: '', responsible: 'Lia', created_at: '2026-11-20T10:00:00Z' },
    { id: 2, previous_status: 'pending', status: 'approved', status_comment: 'ok', responsible: 'Admin', created_at: '2026-11-21T10:00:00Z' },
    { id: 3, previous_status: 'approved', status: 'shipped', status_comment: 'Post BR123', responsible: 'Admin', created_at: '2026-11-22T10:00:00Z' },
  ],
};
const BASE: Parameters<typeof fakeApi>[0] = {
  'GET /rewards/campaigns/4/': [200, campaign],
  'GET /rewards/campaigns/4/statement/': [200, [{ id: 1, kind: 'sale', points: 630, points_from: 0, points_to: 630, reason: 'Invoice 000101', source_id: 1, created_at: '2026-11-20T10:00:00Z' }]],
  'GET /rewards/campaigns/4/sales/': [200, { count: 0, results: [] }],
  'GET /rewards/campaigns/4/orders/': [200, { count: 1, results: [order] }],
  'GET /rewards/campaigns/4/photos/': [200, [{
    id: 2, campaign_id: 4, user: { id: 3, name: 'Lia' }, photo_type_id: 5, photo_type: 'Shelf', information: '', url: 'https://example.com/p.png',
    status: 'reproved', reproval_reason: 'Blurred picture', audited_at: '2026-11-21T10:00:00Z', created_at: '2026-11-20T10:00:00Z',
  }]],
  'GET /rewards/campaigns/4/catalog/': [200, { count: 2, results: [reward({}), reward({ id: 2, reward_title: 'Speaker', points_to_aquire: 900 })] }],
};

describe('reward campaign page (spec 3 §2 "Learner campaign pages")', () => {
  beforeEach(() => loggedIn());

  it('shows my points and level, and reports a sale with two products and an invoice photo from the camera', async () => {
    const { calls } = fakeApi({ ...BASE, 'POST /rewards/campaigns/4/sales/': () => [201, { id: 9 }] });
    const tus: TusCall[] = [];
    withTus(tus);
    await renderWithApp(undefined, { path: '/rewards/4', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Summer sales', level: 1 })).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: 'My points' });
    expect(within(summary).getByText('430')).toBeInTheDocument();
    expect(within(summary).getByText('Silver')).toBeInTheDocument();
    expect(screen.getByText('+630')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Report a sale' }));
    fireEvent.input(screen.getByLabelText('Sale date'), { target: { value: '2026-11-20' } });
    await userEvent.type(screen.getByLabelText('Invoice number'), '000555');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product' }), '11');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add new product' }));
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Product' })[1]!, '12');
    const photo = screen.getByLabelText('Invoice photo (upload or take a picture)');
    expect(photo).toHaveAttribute('capture', 'environment');
    await userEvent.upload(photo, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'invoice.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register sale' }));
    expect(await screen.findByText('Your sale has been registered and points credited; points may be audited at any time')).toBeInTheDocument();
    expect(tus.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'POST', path: '/api/files/tus/' }, { method: 'PATCH', path: '/api/files/tus/up123' }]);
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/rewards/campaigns/4/sales/')!;
    expect(JSON.parse(sent.body)).toMatchObject({
      sale_date: '2026-11-20', invoice_number: '000555', invoice_upload: 'up123',
      products: [{ product_id: 11, quantity: 2 }, { product_id: 12, quantity: 1 }],
    });
  });

  it('refuses the same product twice before sending (one entry per product)', async () => {
    const { calls } = fakeApi({ ...BASE });
    await renderWithApp(undefined, { path: '/rewards/4', locale: 'en' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Report a sale' }));
    fireEvent.input(screen.getByLabelText('Sale date'), { target: { value: '2026-11-20' } });
    await userEvent.type(screen.getByLabelText('Invoice number'), '1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product' }), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Add new product' }));
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Product' })[1]!, '11');
    await userEvent.upload(screen.getByLabelText('Invoice photo (upload or take a picture)'), new File(['x'], 'n.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register sale' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers the rewards the points reach, and follows an order on its timeline with its code', async () => {
    fakeApi({ ...BASE });
    await renderWithApp(undefined, { path: '/rewards/4', locale: 'en' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Catalog' }));
    const cards = await screen.findAllByRole('listitem');
    const speaker = cards.find((c) => c.textContent?.includes('Speaker'))!;
    expect(within(speaker).getByRole('button', { name: 'Not enough points' })).toBeDisabled();
    const headphones = cards.find((c) => c.textContent?.includes('Headphones'))!;
    await userEvent.click(within(headphones).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('form', { name: 'Redeem Headphones' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'My orders' }));
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.querySelector('.reward-status')?.textContent)).toEqual(['Pending', 'Approved', 'Shipped']);
    expect(screen.getByText('VALE-1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Post BR123')).toBeInTheDocument());
  });

  it('uploads a photo by type from the camera, and shows a reproved one with its reason', async () => {
    const { calls } = fakeApi({ ...BASE, 'POST /rewards/campaigns/4/photos/': () => [201, { id: 7 }] });
    const tus: TusCall[] = [];
    withTus(tus);
    await renderWithApp(undefined, { path: '/rewards/4', locale: 'en' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Photos' }));
    expect(await screen.findByText('Blurred picture')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Photo type' }), '6');
    await userEvent.type(screen.getByLabelText('Information (optional)'), 'Christmas window');
    const input = screen.getByLabelText('Photo (upload or take a picture)');
    expect(input).toHaveAttribute('capture', 'environment');
    await userEvent.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'window.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send photo' }));
    expect(await screen.findByText('Photo sent. It will be audited.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/rewards/campaigns/4/photos/')!;
    expect(JSON.parse(sent.body)).toEqual({ photo_type_id: 6, information: 'Christmas window', upload: 'up123' });
  });
});

describe('event QR code page (issue 18 item 2)', () => {
  beforeEach(() => loggedIn());

  it('credits the event once on arrival and says so', async () => {
    const { calls } = fakeApi({ 'POST /rewards/qrcode/': () => [200, { campaign_id: 4, event: 'Launch day', points: 50, credited: true }] });
    await renderWithApp(undefined, { path: '/rewards/qrcode/abcDEF123456', locale: 'en' });
    expect(await screen.findByText('You earned 50 points at Launch day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the campaign' })).toHaveAttribute('href', '/rewards/4');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body)).toEqual({ code: 'abcDEF123456' });
  });

  it('says when the points were already credited', async () => {
    fakeApi({ 'POST /rewards/qrcode/': () => [200, { campaign_id: 4, event: 'Launch day', points: 50, credited: false }] });
    await renderWithApp(undefined, { path: '/rewards/qrcode/abcDEF123456', locale: 'en' });
    expect(await screen.findByText('You have already received the points of Launch day.')).toBeInTheDocument();
  });

  it('tells an unknown code apart', async () => {
    fakeApi({ 'POST /rewards/qrcode/': () => [404, { code: 'not_found', detail: 'Not found' }] });
    await renderWithApp(undefined, { path: '/rewards/qrcode/zzzzzzzzzzzz', locale: 'en' });
    expect(await screen.findByText('This QR code is not valid or belongs to another company.')).toBeInTheDocument();
  });
});
