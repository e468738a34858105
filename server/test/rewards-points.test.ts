import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/lib/i18n.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { L, P, addPeople, call, created, ledgerSums, makeCatalogue, makeReward, publishedCampaign, reportSale, requester, type Catalogue } from './rewardFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * spec 3 §3 "Sale", "Campaign people and history" (points), "Reward (catalog item)", "Redeem
 * order"; §4 "Sale", "Redeem order"; §5 "Campaigns"; §8 "Campaigns"; §9 unit points. The ledger
 * is the only place points live: after every step the balances answered equal its sums.
 */
describe.each(DIALECTS)('reward points, sales and redemptions on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let cat: Catalogue;
  let campaign: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    cat = await makeCatalogue(t.app, su);
    campaign = await publishedCampaign(t.app, su, cat);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  const balances = async (userId: number) => (await call(t.app, su, 'GET', `${P.people(campaign)}?page_size=0`)).json().results.find((p: { user_id: number }) => p.user_id === userId);
  const expectLedgerTrue = async (userId: number) => {
    const person = await balances(userId);
    expect({ total_points: person.total_points, points_for_use: person.points_for_use }).toEqual(await ledgerSums(t.app, campaign, userId));
    return person as { total_points: number; points_for_use: number };
  };
  const enrolled = async (): Promise<Learner> => {
    const learner = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, campaign, [learner.id]);
    return learner;
  };
  const grant = (userId: number, points: number) =>
    t.app.db.insertInto('reward_points_entries').values({ client_id: c.demo, campaign_id: campaign, user_id: userId, kind: 'adjustment', points, source_id: null }).execute();

  it('credits a sale on registration from the points table, and refuses the same invoice twice (spec 3 §5, §8)', async () => {
    const learner = await enrolled();
    // A: 100 each (its own), B: 30 (its type), C: 5 (its brand)
    const res = await reportSale(t.app, learner.tokens, campaign, 'NF-001', [{ product_id: cat.productA, quantity: 2 }, { product_id: cat.productB, quantity: 1 }, { product_id: cat.productC, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ status: 'awaiting_approval', audited: false, sale_total_points: 245, invoice_number: 'NF-001' });
    expect(sale.items.map((i: { unit_points: number; points: number }) => [i.unit_points, i.points])).toEqual([[100, 200], [30, 30], [5, 15]]);
    // the invoice photo is a signed, expiring link, never a public /media/ path (lib/signedMedia.ts)
    expect(sale.invoice_url).toMatch(/\/api\/files\/media\//);
    expect(sale.invoice_url).not.toMatch(/\/media\/rewards/);
    const photo = await t.app.inject({ url: sale.invoice_url.replace('http://localhost', '') });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 245, points_for_use: 245 });

    const twice = await reportSale(t.app, learner.tokens, campaign, 'NF-001', [{ product_id: cat.productC, quantity: 1 }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'the_note_number_has_already_been_sent_by_the_user_before', fields: { invoice_number: 'the_note_number_has_already_been_sent_by_the_user_before' } });
    // another user may send the same number
    const other = await enrolled();
    expect((await reportSale(t.app, other.tokens, campaign, 'NF-001', [{ product_id: cat.productC, quantity: 1 }])).statusCode).toBe(201);
    // "One product entry per product on the invoice"
    const repeated = await reportSale(t.app, learner.tokens, campaign, 'NF-002', [{ product_id: cat.productC, quantity: 1 }, { product_id: cat.productC, quantity: 2 }]);
    expect(repeated.json().code).toBe('one_entry_per_product');
    const statement = (await call(t.app, learner.tokens, 'GET', L.statement(campaign))).json();
    expect(statement).toEqual([expect.objectContaining({ kind: 'sale', points: 245, points_from: 0, points_to: 245, source_id: sale.id })]);
  });

  it('refuses the same invoice sent twice at once: exactly one is registered', async () => {
    const learner = await enrolled();
    const results = await Promise.all(Array.from({ length: 5 }, () => reportSale(t.app, learner.tokens, campaign, 'NF-RACE', [{ product_id: cat.productA, quantity: 1 }])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'the_note_number_has_already_been_sent_by_the_user_before')).toBe(true);
    expect((await expectLedgerTrue(learner.id)).points_for_use).toBe(100);
  });

  it('refuses a content that is not an image as the invoice', async () => {
    const learner = await enrolled();
    const { tusUpload } = await import('./mediaFixtures.ts');
    const upload = await tusUpload(t.app, learner.tokens, Buffer.from('not really a png, just text'), 'nota.png', 'reward_invoice');
    const res = await call(t.app, learner.tokens, 'POST', L.sales(campaign), { sale_date: '2026-11-20', invoice_number: 'NF-X', products: [{ product_id: cat.productA, quantity: 1 }], invoice_upload: upload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.app.db.selectFrom('reward_sales').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
  });

  it('audits: approve, or reprove with a justification, reversing the credit with the reason', async () => {
    const learner = await enrolled();
    const a = (await reportSale(t.app, learner.tokens, campaign, 'NF-A1', [{ product_id: cat.productA, quantity: 1 }])).json();
    const b = (await reportSale(t.app, learner.tokens, campaign, 'NF-A2', [{ product_id: cat.productB, quantity: 2 }])).json();
    const approved = (await call(t.app, su, 'POST', P.audit(a.id), { status: 'approved' })).json();
    expect(approved).toMatchObject({ status: 'approved', audited: true, auditor: { name: DEMO.superuser.full_name } });
    const bare = await call(t.app, su, 'POST', P.audit(b.id), { status: 'reproved' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('reproval_justification_required');
    const justification = await created(t.app, su, P.justifications, { kind: 'sale', text: 'Nota ilegível' });
    const reproved = (await call(t.app, su, 'POST', P.audit(b.id), { status: 'reproved', justification_id: justification, justification: 'refazer a foto' })).json();
    expect(reproved).toMatchObject({ status: 'reproved', justification: 'refazer a foto', status_comment: 'Nota ilegível — refazer a foto' });
    // points stay auditable: the approved one can still be reproved, a reproved one is final
    expect((await call(t.app, su, 'POST', P.audit(b.id), { status: 'approved' })).json().code).toBe('sale_transition_not_allowed');
    await call(t.app, su, 'POST', P.audit(a.id), { status: 'reproved', justification: 'duplicada' });
    const statement = (await call(t.app, learner.tokens, 'GET', L.statement(campaign))).json();
    expect(statement.map((e: { kind: string; points: number; reason: string }) => [e.kind, e.points, e.reason])).toEqual([
      ['sale_reversal', -100, 'duplicada'], ['sale_reversal', -60, 'Nota ilegível — refazer a foto'], ['sale', 60, 'Invoice NF-A2'], ['sale', 100, 'Invoice NF-A1'],
    ]);
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 0, points_for_use: 0 });
  });

  it('keeps every balance equal to the ledger through credits, reversals, redemptions and refunds', async () => {
    const learner = await enrolled();
    const reward = await makeReward(t.app, su, { points_to_aquire: 50, qty_in_stock: 10 });
    const s1 = (await reportSale(t.app, learner.tokens, campaign, 'NF-L1', [{ product_id: cat.productA, quantity: 2 }])).json();
    await reportSale(t.app, learner.tokens, campaign, 'NF-L2', [{ product_id: cat.productB, quantity: 1 }]);
    await expectLedgerTrue(learner.id);
    const o1 = (await call(t.app, learner.tokens, 'POST', L.redeem(campaign), { reward_id: reward, quantity: 2, requester })).json();
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 230, points_for_use: 130 });
    await call(t.app, su, 'POST', P.orderStatus(o1.id), { status: 'reproved', status_comment: 'sem endereço' });
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 230, points_for_use: 230 });
    // a second reproval of the same order cannot refund twice
    expect((await call(t.app, su, 'POST', P.orderStatus(o1.id), { status: 'reproved' })).json().code).toBe('order_transition_not_allowed');
    await call(t.app, learner.tokens, 'POST', L.redeem(campaign), { reward_id: reward, requester });
    await call(t.app, su, 'POST', P.audit(s1.id), { status: 'reproved', justification: 'fraude' });
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 30, points_for_use: -20 });
    expect((await call(t.app, learner.tokens, 'GET', L.campaign(campaign))).json()).toMatchObject({ total_points: 30, points_for_use: -20 });
    const history = (await call(t.app, su, 'GET', P.history(campaign, learner.id))).json();
    expect(history.points.map((e: { kind: string }) => e.kind)).toEqual(['sale_reversal', 'redemption', 'redemption_refund', 'redemption', 'sale', 'sale']);
    expect(history.points[0]).toMatchObject({ kind: 'sale_reversal', points: -200, points_from: 180, points_to: -20 });
    // removing the person deletes their sales and points (spec 3 §4)
    expect((await call(t.app, su, 'DELETE', P.person(campaign, learner.id))).statusCode).toBe(204);
    expect(await ledgerSums(t.app, campaign, learner.id)).toEqual({ total_points: 0, points_for_use: 0 });
    expect(await t.app.db.selectFrom('reward_sales').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
  });

  it('20 simultaneous redemptions of a stock of 1: exactly one succeeds', async () => {
    const reward = await makeReward(t.app, su, { reward_title: 'Última TV', points_to_aquire: 10, qty_in_stock: 1 });
    const learners = await Promise.all(Array.from({ length: 5 }, enrolled));
    for (const l of learners) await grant(l.id, 1000);
    const results = await Promise.all(learners.flatMap((l) => Array.from({ length: 4 }, () => call(t.app, l.tokens, 'POST', L.redeem(campaign), { reward_id: reward, requester }))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(new Set(['reward_out_of_stock']));
    expect((await call(t.app, su, 'GET', P.reward(reward))).json().qty_in_stock).toBe(0);
    const spent = await Promise.all(learners.map((l) => expectLedgerTrue(l.id)));
    expect(spent.map((b) => b.points_for_use).sort()).toEqual([1000, 1000, 1000, 1000, 990]);
  }, 60_000);

  it('the last points spent twice at once: exactly one redemption succeeds', async () => {
    const learner = await enrolled();
    await grant(learner.id, 100);
    const rewardA = await makeReward(t.app, su, { reward_title: 'Caneca', points_to_aquire: 100, qty_in_stock: 50 });
    const rewardB = await makeReward(t.app, su, { reward_title: 'Camiseta', points_to_aquire: 100, qty_in_stock: 50 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call(t.app, learner.tokens, 'POST', L.redeem(campaign), { reward_id: i % 2 ? rewardA : rewardB, requester })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(new Set(['not_enough_points']));
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ points_for_use: 0 });
  });

  it('hands a redemption code out once, shown to the learner once approved; the purchase limit holds', async () => {
    const reward = await makeReward(t.app, su, { reward_title: 'Vale-compra', points_to_aquire: 10, qty_in_stock: 10, uses_redeem_codes: true, purchase_limit_quantity: 1 });
    expect((await call(t.app, su, 'POST', P.codes(reward), { codes: ['ABC-1', 'ABC-1', 'ABC-2'] })).json()).toEqual({ added: 2, available: 2 });
    const learners = await Promise.all(Array.from({ length: 3 }, enrolled));
    for (const l of learners) await grant(l.id, 100);
    const results = await Promise.all(learners.map((l) => call(t.app, l.tokens, 'POST', L.redeem(campaign), { reward_id: reward, requester })));
    const ok = results.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(ok).toHaveLength(2);
    expect(results.find((r) => r.statusCode !== 201)!.json().code).toBe('no_redeem_code_available');
    expect(ok.map((o) => o.redeem_code)).toEqual([null, null]);
    const codes = await Promise.all(ok.map(async (o) => (await call(t.app, su, 'GET', P.order(o.id))).json().redeem_code));
    expect(codes.sort()).toEqual(['ABC-1', 'ABC-2']);
    // a reproved order keeps its code: it is never handed out again
    const [first, second] = ok;
    await call(t.app, su, 'POST', P.orderStatus(first.id), { status: 'reproved', status_comment: 'cancelado' });
    expect((await call(t.app, su, 'GET', P.reward(reward))).json().codes_available).toBe(0);
    await call(t.app, su, 'POST', P.orderStatus(second.id), { status: 'approved' });
    const mine = (await call(t.app, learners.find((l) => l.id === second.user.id)!.tokens, 'GET', `${L.orders(campaign)}?page=1`)).json().results[0];
    expect(mine.redeem_code).toMatch(/^ABC-/);
    // purchase_limit_quantity 1: a second redemption of it is refused
    const again = await call(t.app, learners.find((l) => l.id === second.user.id)!.tokens, 'POST', L.redeem(campaign), { reward_id: reward, requester });
    expect(again.json().code).toBe('purchase_limit_reached');
  });

  it('moves orders pending → approved → shipped → delivered with each comment in the history', async () => {
    const learner = await enrolled();
    await grant(learner.id, 100);
    const reward = await makeReward(t.app, su, { points_to_aquire: 100 });
    const order = (await call(t.app, learner.tokens, 'POST', L.redeem(campaign), { reward_id: reward, requester })).json();
    expect(order).toMatchObject({ status: 'pending', points: 100, requester: { name: 'Ana Souza', phone: { kind: 'mobile' } } });
    expect((await call(t.app, su, 'POST', P.orderStatus(order.id), { status: 'shipped' })).json().code).toBe('order_transition_not_allowed');
    for (const [status, comment] of [['approved', 'ok'], ['shipped', 'Correios BR123'], ['delivered', 'entregue']] as const) {
      expect((await call(t.app, su, 'POST', P.orderStatus(order.id), { status, status_comment: comment })).json().status).toBe(status);
    }
    const mine = (await call(t.app, learner.tokens, 'GET', `${L.orders(campaign)}?page=1`)).json().results[0];
    expect(mine.history.map((h: { previous_status: string | null; status: string; status_comment: string }) => [h.previous_status, h.status, h.status_comment])).toEqual([
      [null, 'pending', ''], ['pending', 'approved', 'ok'], ['approved', 'shipped', 'Correios BR123'], ['shipped', 'delivered', 'entregue'],
    ]);
    expect(mine.redeem_date).not.toBeNull();
  });

  it('e-mails the sales, points and orders reports as xlsx, formula-like cells escaped (issue 18 item 9)', async () => {
    const learner = await enrolled();
    const upload = await (await import('./mediaFixtures.ts')).tusUpload(t.app, learner.tokens, (await import('./mediaFixtures.ts')).png(), 'nota.png', 'reward_invoice');
    const sale = await call(t.app, learner.tokens, 'POST', L.sales(campaign), {
      sale_date: '2026-11-21', invoice_number: 'NF-REP', retailer: '=HYPERLINK("http://x")', products: [{ product_id: cat.productA, quantity: 1 }], invoice_upload: upload,
    });
    expect(sale.statusCode).toBe(201);
    const order = await call(t.app, learner.tokens, 'POST', L.redeem(campaign), { reward_id: await makeReward(t.app, su, { points_to_aquire: 40 }), requester });
    expect(order.statusCode).toBe(201);
    const sheet = async (key: 'reward_sales' | 'reward_points' | 'reward_orders', url: string) => {
      const res = await call(t.app, su, 'POST', url, { campaign_id: campaign });
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.idle();
      const report = await t.app.db.selectFrom('reports').selectAll().where('report', '=', key).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(report.status, report.error ?? '').toBe('ready');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
      return rows;
    };
    const sales = await sheet('reward_sales', P.salesReport);
    expect(sales[0]![0]).toBe(translate(1, 'resources.reward_reports.sale_id'));
    const mine = sales.find((r) => r[4] === 'NF-REP')!;
    expect(mine.slice(1, 11)).toEqual([expect.any(String), expect.any(String), '2026-11-21', 'NF-REP', "'=HYPERLINK(\"http://x\")", translate(1, 'resources.rewards/sales.statuses.awaiting_approval'), 'TV 50"', 1, 100, 100]);
    const points = await sheet('reward_points', P.pointsReport);
    const person = await balances(learner.id);
    expect(points.find((r) => r[1] === person.email)!.slice(4, 6)).toEqual([100, 60]);
    const orders = await sheet('reward_orders', P.ordersReport);
    expect(orders.some((r) => r[0] === order.json().order_number && r[4] === 40)).toBe(true);
  });

  it('credits an event QR code once per user, even scanned twice at once (events_qrcode)', async () => {
    const event = (await call(t.app, su, 'POST', P.events(campaign), { title: 'Feira de lançamento', points: 75 })).json();
    expect(event).toMatchObject({ title: 'Feira de lançamento', points: 75, scans: 0, qr_token: expect.any(String) });
    const learner = await enrolled();
    const scans = await Promise.all(Array.from({ length: 4 }, () => call(t.app, learner.tokens, 'POST', L.scan, { code: event.qr_token })));
    expect(scans.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(scans.filter((r) => r.json().credited)).toHaveLength(1);
    expect(await expectLedgerTrue(learner.id)).toMatchObject({ total_points: 75, points_for_use: 75 });
    expect((await call(t.app, su, 'GET', P.events(campaign))).json().find((e: { id: number }) => e.id === event.id).scans).toBe(1);
    // a wrong code, or the code read by a blocked person, credits nothing
    expect((await call(t.app, learner.tokens, 'POST', L.scan, { code: 'not-a-real-code' })).statusCode).toBe(404);
    await call(t.app, su, 'POST', P.block(campaign, learner.id));
    expect((await call(t.app, learner.tokens, 'POST', L.scan, { code: event.qr_token })).json().code).toBe('campaign_user_blocked');
    // the events open with their own key
    const campaigns = (await (await import('./userFixtures.ts')).adminWith(t.app, su, c.demo, ['reward_campaigns'])).tokens;
    expect((await call(t.app, campaigns, 'GET', P.events(campaign))).statusCode).toBe(403);
    const qr = (await (await import('./userFixtures.ts')).adminWith(t.app, su, c.demo, ['events_qrcode'])).tokens;
    expect((await call(t.app, qr, 'GET', P.events(campaign))).statusCode).toBe(200);
  });

  it('takes photos by type, reproved with a reason or deleted (spec 3 §4 "Photo upload")', async () => {
    const learner = await enrolled();
    const vitrine = await created(t.app, su, P.uploadFileTypes, { name: 'Vitrine' });
    const { png, tusUpload } = await import('./mediaFixtures.ts');
    const send = async () => call(t.app, learner.tokens, 'POST', L.photos(campaign), {
      photo_type_id: vitrine, information: 'Vitrine da loja', upload: await tusUpload(t.app, learner.tokens, png(), 'vitrine.png', 'reward_photo'),
    });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ photo_type: 'Vitrine', status: 'awaiting_approval', url: expect.stringMatching(/\/api\/files\/media\//) });
    const second = (await send()).json();
    expect((await call(t.app, su, 'POST', P.photoAudit(first.json().id), { status: 'reproved' })).json().code).toBe('reproval_justification_required');
    const reason = await created(t.app, su, P.justifications, { kind: 'file', text: 'Foto sem a vitrine completa' });
    expect((await call(t.app, su, 'POST', P.photoAudit(first.json().id), { status: 'reproved', justification_id: reason })).json())
      .toMatchObject({ status: 'reproved', reproval_reason: 'Foto sem a vitrine completa' });
    expect((await call(t.app, su, 'DELETE', P.photo(second.id))).statusCode).toBe(204);
    const mine = (await call(t.app, learner.tokens, 'GET', L.photos(campaign))).json();
    expect(mine.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([[first.json().id, 'reproved']]);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'POST', P.photoAudit(first.json().id), { status: 'approved' })).statusCode).toBe(404);
  });

  it("keeps another client's sales, orders and invoices out of reach", async () => {
    const learner = await enrolled();
    const sale = (await reportSale(t.app, learner.tokens, campaign, 'NF-T1', [{ product_id: cat.productC, quantity: 1 }])).json();
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'GET', P.sale(sale.id))).json().code).toBe('sale_not_found');
    expect((await call(t.app, other, 'POST', P.audit(sale.id), { status: 'approved' })).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', `${P.sales}?page=1`)).json().results).toEqual([]);
    expect((await call(t.app, other, 'GET', `${P.orders}?page=1`)).json().results).toEqual([]);
    // a learner of the client who is not on the campaign and not in its audience cannot open it
    const stranger = await makeLearner(t.app, su, c.demo, {});
    expect((await call(t.app, stranger.tokens, 'GET', L.campaign(campaign))).statusCode).toBe(404);
    expect((await call(t.app, stranger.tokens, 'GET', `${L.sales(campaign)}?page=1`)).statusCode).toBe(404);
  });
});
