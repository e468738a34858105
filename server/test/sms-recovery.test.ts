import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_RECOVERY_PATHS } from '@lp/shared/contract';
import { RATE_LIMIT_DEFAULTS } from '../src/config.ts';
import { createSmsSender } from '../src/plugins/app/sms.ts';
import { DIALECTS, buildTestApp, login, type TestApp } from './helpers.ts';

const API = '/api';
let seq = 0;

/** spec 1 §2.1 recover password by SMS; §5.5 phone must match; §8.2 messages. */
describe.each(DIALECTS)('password recovery by SMS on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      smsCodeTtlSeconds: 300, smsCodeAttempts: 3,
      rateLimits: { ...RATE_LIMIT_DEFAULTS, sms_ip: { max: 1000, seconds: 60 }, sms_user: { max: 1000, seconds: 60 } },
    });
  });
  afterAll(async () => { await t.close(); });

  /** A user with a stored mobile (21) 98765-4321. */
  async function person(mobile: string | null = '987654321') {
    seq += 1;
    const email = `sms${seq}-${Date.now()}@example.com`;
    const now = new Date();
    await t.app.db.insertInto('users').values({
      email, document: null, register: null, gmin_number: null, sap_code: null, full_name: `Sms Person ${seq}`, nick_name: null,
      password_hash: '!unusable$x', is_superuser: false, status: 'active', language_id: 2, selected_client_id: null,
      must_change_password: false, created_at: now, updated_at: now, mobile_area_code: mobile ? '21' : null, mobile,
    }).execute();
    return email;
  }
  const send = (body: Record<string, string>) => t.app.inject({ method: 'POST', url: `${API}${SMS_RECOVERY_PATHS.send}`, payload: body });
  const confirm = (username: string, code: string) => t.app.inject({ method: 'POST', url: `${API}${SMS_RECOVERY_PATHS.confirm}`, payload: { username, code } });
  const lastCode = () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const file = fs.readdirSync(outbox).filter((f) => f.endsWith('21987654321.sms')).sort().at(-1)!;
    return /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))![1]!;
  };

  it('sends a 6-digit code to the stored phone; the code opens the set-new-password step once', async () => {
    const email = await person();
    const sent = await send({ username: email, phone_area_code: '(21)', phone: '98765-4321' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await confirm(email, wrong)).json()).toMatchObject({ code: 'invalid_recovery_code' });
    const ok = await confirm(email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const link = ok.json<{ username: string; uidb64: string; token: string }>();
    expect(link.username).toBe(email);
    const set = await t.app.inject({ method: 'POST', url: `${API}/users/set_new_password/`, payload: { ...link, password: 'BySms#1', confirm_password: 'BySms#1' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(t.app, email, 'BySms#1')).access_token).toBeTruthy();
    // used: the same code does not work again
    expect((await confirm(email, code)).json().code).toBe('invalid_recovery_code');
  });

  it('"Phone informed is not the same" when the phone differs; "phone number not found" without one', async () => {
    const email = await person();
    const other = await send({ username: email, phone_area_code: '11', phone: '987654321' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'phone_mismatch', fields: { phone: 'phone_mismatch' } });
    const none = await person(null);
    expect((await send({ username: none, phone_area_code: '21', phone: '987654321' })).json().code).toBe('phone_not_found');
    expect((await send({ username: 'nobody@example.com', phone_area_code: '21', phone: '987654321' })).json().code).toBe('user_not_found');
  });

  it('a code expires after SMS_CODE_TTL', async () => {
    const email = await person();
    await send({ username: email, phone_area_code: '21', phone: '987654321' });
    const code = lastCode();
    await t.app.db.updateTable('sms_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null).execute();
    expect((await confirm(email, code)).json().code).toBe('invalid_recovery_code');
  });

  it('allows SMS_CODE_ATTEMPTS guesses, even fired at once; then the right code no longer works', async () => {
    const email = await person();
    await send({ username: email, phone_area_code: '21', phone: '987654321' });
    const code = lastCode();
    const wrong = Array.from({ length: 8 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((guess) => confirm(email, guess)));
    expect(answers.every((a) => a.json().code === 'invalid_recovery_code')).toBe(true);
    const row = await t.app.db.selectFrom('sms_codes').select('attempts').where('used_at', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
    expect((await confirm(email, code)).json().code).toBe('invalid_recovery_code');
    // a new code starts a new count
    await send({ username: email, phone_area_code: '21', phone: '987654321' });
    expect((await confirm(email, lastCode())).statusCode).toBe(200);
  });
});

describe('SMS provider adapter (SMS_URL)', () => {
  it('POSTs {to, text} as JSON with the Bearer SMS_TOKEN, and fails on a refusal', async () => {
    const received: Array<{ auth: string | undefined; body: unknown }> = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const sms = createSmsSender({ smsUrl: `http://127.0.0.1:${port}/send`, smsToken: 'secret-token', dataDir: '/nonexistent' });
      await sms.send({ to: '21987654321', text: 'Code 123456' });
      expect(received).toEqual([{ auth: 'Bearer secret-token', body: { to: '21987654321', text: 'Code 123456' } }]);
      status = 502;
      await expect(sms.send({ to: '21987654321', text: 'x' })).rejects.toThrow(/502/);
    } finally {
      server.close();
    }
  });
});
