import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_LOGO_PATH, CLIENT_LOGO_UPLOAD_KIND, CONFIGURATION_PATH, PRESENTIAL_RESULT_PATHS as R, type AppointmentCosts, type Configuration,
} from '@lp/shared/contract';
import { formatMoney } from '@lp/shared/rules';
import { pdfText } from './completionFixtures.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { tusCreate, tusPatch } from './importFixtures.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { API, P, appointmentBody, approve, call, makeAppointment, makeEvent, makeType } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** A real 4×2 PNG (RGB, one colour): what a client uploads as its logo. */
function logoPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(2, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 4 }, () => [31, 78, 121]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat([row, row]))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A client's logo and currency (spec 3 §2 "print attendance list … the client's logo", §3 "Costs"
 * in the client's currency): set on the configuration screen (the logo through the validated
 * upload path), drawn in the printed lists' header and used for the costs and their print.
 */
describe.each(DIALECTS)('face-to-face prints with the client\'s logo and currency on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let appointment: number;
  const names = ['Dora Logotipo', 'Élio Moeda'];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const instructor = (await makeLearner(t.app, su, c.demo)).id;
    const type = await makeType(t.app, su, 'Sala', 30);
    appointment = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: 'Impressão com logotipo' }));
    const eventId = await makeEvent(t.app, su, appointment);
    await approve(t.app, su, appointment);
    const people = [];
    for (const name of names) {
      const l = await makeLearner(t.app, su, c.demo);
      await t.app.db.updateTable('users').set({ full_name: name }).where('id', '=', l.id).execute();
      people.push(l.id);
    }
    expect((await call(t.app, su, 'POST', P.subscribersAdd(appointment), { event_id: eventId, user_ids: people })).statusCode).toBe(200);
    expect((await call(t.app, su, 'PUT', R.costs(appointment), {
      expected_cost_per_participant: 0, events: [{ id: eventId, cost: 123_456, actual_cost: 100_000 }], additional: [],
    })).statusCode).toBe(200);
  });
  afterAll(async () => { await t.close(); });

  async function uploadLogo(bytes: Buffer, filename: string): Promise<string> {
    const created = await tusCreate(t.app, su, bytes.length, { filename, filetype: 'image/png', kind: CLIENT_LOGO_UPLOAD_KIND });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect((await tusPatch(t.app, su, location, 0, bytes)).statusCode).toBe(204);
    return location.split('/').pop()!;
  }
  const print = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(su) });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('the currency: an ISO 4217 code on the configuration screen, used by the costs; the deployment\'s by default', async () => {
    expect((await call(t.app, su, 'GET', R.costs(appointment))).json<AppointmentCosts>().currency).toBe('BRL');
    const bad = await call(t.app, su, 'PUT', CONFIGURATION_PATH, { settings: { currency: 'XYZ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'settings.currency': 'validation_error' });
    expect((await call(t.app, su, 'PUT', CONFIGURATION_PATH, { settings: { currency: 'eur' } })).statusCode).toBe(400);
    const saved = await call(t.app, su, 'PUT', CONFIGURATION_PATH, { settings: { currency: 'EUR' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Configuration>().settings.currency).toBe('EUR');
    expect((await call(t.app, su, 'GET', R.costs(appointment))).json<AppointmentCosts>().currency).toBe('EUR');
    // the logo is not a settings field: only the upload sets it
    const ignored = await call(t.app, su, 'PUT', CONFIGURATION_PATH, { settings: { logo: '/media/x.png' } });
    expect(ignored.json<Configuration>().settings.logo).toBe('');
  });

  it('the results print shows the cost totals in the client\'s currency and the reader\'s locale', async () => {
    const text = pdfText(await print(R.printResults(appointment)));
    for (const name of names) expect(text).toContain(name);
    // pt-br reader, EUR client: "€ 1.234,56" (the € sign is a single WinAnsi byte in the PDF)
    const expected = formatMoney(123_456, 'EUR', 'pt-br');
    expect(expected.replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(text).toContain('1.234,56');
    expect(text).toContain('1.000,00');
  });

  it('the logo: a validated image upload, drawn in both prints\' header; refused when not an image; removable', async () => {
    const before = await print(R.printUsers(appointment));
    expect(before.toString('latin1')).not.toContain('/Subtype /Image');

    const fake = await uploadLogo(Buffer.from('this is not an image at all, only text', 'utf8'), 'logo.png');
    const refused = await call(t.app, su, 'PUT', CLIENT_LOGO_PATH, { upload: fake });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const saved = await call(t.app, su, 'PUT', CLIENT_LOGO_PATH, { upload: await uploadLogo(logoPng(), 'Logo Cliente.png') });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = saved.json<Configuration>().settings.logo;
    expect(logo).toMatch(new RegExp(`^/media/clients/${c.demo}/logo/[0-9a-f]+/Logo_Cliente\\.png$`));
    expect((await t.app.inject({ url: logo })).statusCode).toBe(200);
    // the session carries it (the admin and portal read the client's settings there)
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(su) })).json();
    expect(session.user_clients.find((x: { id: number }) => x.id === c.demo).settings.logo).toBe(logo);

    for (const url of [R.printUsers(appointment), R.printResults(appointment)]) {
      const pdf = await print(url);
      expect(pdf.toString('latin1')).toContain('/Subtype /Image');
      const text = pdfText(pdf);
      for (const name of names) expect(text).toContain(name);
    }

    // a file gone from the store prints the name alone
    const manager = (await adminWith(t.app, su, c.demo, ['approve_events', 'presential_print_users'])).tokens;
    const removed = await call(t.app, su, 'PUT', CLIENT_LOGO_PATH, { upload: null });
    expect(removed.json<Configuration>().settings.logo).toBe('');
    expect((await t.app.inject({ url: logo })).statusCode).toBe(404);
    const after = (await t.app.inject({ url: `${API}${R.printUsers(appointment)}`, headers: bearer(manager) })).rawPayload;
    expect(after.toString('latin1')).not.toContain('/Subtype /Image');
    expect(pdfText(after)).toContain(names[0]!);
  });

  it('only the configuration screen\'s holder sets the logo', async () => {
    const other = (await adminWith(t.app, su, c.demo, ['approve_events'])).tokens;
    expect((await call(t.app, other, 'PUT', CLIENT_LOGO_PATH, { upload: null })).statusCode).toBe(403);
    const created = await tusCreate(t.app, other, 10, { filename: 'logo.png', filetype: 'image/png', kind: CLIENT_LOGO_UPLOAD_KIND });
    expect(created.statusCode).toBe(403);
  });
});
