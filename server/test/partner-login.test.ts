import http from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, PARTNER_LOGIN_PATHS } from '@lp/shared/contract';
import { createSecretBox, secretKey } from '../src/lib/secretBox.ts';
import { sealPlainPartnerSecrets } from '../src/repositories/partnerProviders.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const ADMIN = `${API}${ADMIN_RESOURCES.partner_providers.apiPath}`;

/** A real OpenID provider (oidc-provider) on a local port, with its development login form. */
async function startProvider(redirectUri: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: 'learning', client_secret: 'learning-secret', redirect_uris: [redirectUri],
      grant_types: ['authorization_code'], response_types: ['code'],
    }],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub}@partner.example`, email_verified: true, name: `Partner ${sub}` };
        },
      };
    },
    claims: { email: ['email', 'email_verified'], profile: ['name'], openid: ['sub'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['partner-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Follows the browser's way through the provider: redirects, its login form (any account name)
 * and its consent form, until it returns to our redirect URI; answers that return's query.
 */
async function throughProvider(startUrl: string, account: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = startUrl;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 12; step++) {
    const res: Response = await fetch(url, form
      ? { method: 'POST', redirect: 'manual', headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() }
      : { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    form = null;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (next.startsWith(redirectUri)) return new URL(next).search;
      url = next;
      continue;
    }
    const html: string = await res.text();
    const action = /<form[^>]+action="([^"]+)"/.exec(html)?.[1];
    const prompt: string | undefined = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    form = prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt };
  }
  throw new Error('the provider never returned');
}

/** spec 1 §1, §2.1 login-{partner}: OpenID Connect authorization code + PKCE against a real provider. */
describe.each(DIALECTS)('partner single sign-on on %s', (dialect) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startProvider>>;
  let redirectUri: string;
  let su: Tokens;
  let providerId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { partnerOidcAllowHttp: true });
    redirectUri = `${t.config.publicUrl}/login-chipco`;
    idp = await startProvider(redirectUri);
    // configured as a superuser does it, on the admin screen's API
    su = await loginSuperuser(t.app);
    const created = await t.app.inject({
      method: 'POST', url: ADMIN, headers: bearer(su),
      payload: { slug: 'chipco', name: 'ChipCo Retail', issuer: idp.issuer, oidc_client_id: 'learning', oidc_client_secret: 'learning-secret', auto_provision: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    providerId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const start = async () => {
    const res = await t.app.inject({ url: `${API}${PARTNER_LOGIN_PATHS.authorize('chipco')}` });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(redirectUri);
    return location.href;
  };
  const finish = (callback: string) => tokenCall(t.app, { grant_type: 'partner', partner: 'chipco', callback });

  it('is offered on the login page', async () => {
    const params = (await t.app.inject({ url: `${API}/login_params/` })).json();
    expect(params.partners).toEqual([{ slug: 'chipco', name: 'ChipCo Retail' }]);
  });

  it('logs a new partner user in (auto-provisioned in the client) and an existing one by e-mail', async () => {
    const callback = await throughProvider(await start(), 'newcomer', redirectUri);
    expect(new URLSearchParams(callback).get('code')).toBeTruthy();
    const res = await finish(callback);
    expect(res.statusCode, res.body).toBe(200);
    const session = (await t.app.inject({ url: `${API}/users/session/`, headers: bearer(res.json().access_token) })).json();
    expect(session).toMatchObject({ email: 'newcomer@partner.example', full_name: 'Partner newcomer' });
    expect(session.user_clients.map((c: { id: number }) => c.id)).toEqual([(await clientIds(t.app)).demo]);

    // the learner's e-mail at the partner: their own account, not a new one
    await t.app.db.updateTable('users').set({ email: 'lia@partner.example' }).where('email', '=', DEMO.learner.email).execute();
    try {
      const mine = await finish(await throughProvider(await start(), 'lia', redirectUri));
      expect(mine.statusCode, mine.body).toBe(200);
      const me = (await t.app.inject({ url: `${API}/users/session/`, headers: bearer(mine.json().access_token) })).json();
      expect(me.full_name).toBe(DEMO.learner.full_name);
    } finally {
      await t.app.db.updateTable('users').set({ email: DEMO.learner.email }).where('email', '=', 'lia@partner.example').execute();
    }
  });

  it('refuses a wrong state and a replayed code', async () => {
    const callback = await throughProvider(await start(), 'replayer', redirectUri);
    const query = new URLSearchParams(callback);
    // a state this server never started
    const forged = new URLSearchParams(query);
    forged.set('state', 'not-a-state-of-ours');
    const wrong = await finish(forged.toString());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('login_error');
    // the state of another login started here: its verifier and nonce do not match this code
    const other = new URL(await start()).searchParams.get('state')!;
    const swapped = new URLSearchParams(query);
    swapped.set('state', other);
    expect((await finish(swapped.toString())).json().code).toBe('login_error');

    // the real answer works once; replayed (same state, or the code with a fresh state) it does not
    expect((await finish(callback)).statusCode).toBe(200);
    expect((await finish(callback)).json().code).toBe('login_error');
    const fresh = new URL(await start()).searchParams.get('state')!;
    const replay = new URLSearchParams(query);
    replay.set('state', fresh);
    expect((await finish(replay.toString())).json().code).toBe('login_error');
  });

  it('refuses an unknown person when auto-provisioning is off', async () => {
    await t.app.db.updateTable('partner_providers').set({ auto_provision: false, updated_at: new Date() }).where('slug', '=', 'chipco').execute();
    const res = await finish(await throughProvider(await start(), 'stranger', redirectUri));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('user_does_not_have_access');
    await t.app.db.updateTable('partner_providers').set({ auto_provision: true, updated_at: new Date() }).where('slug', '=', 'chipco').execute();
  });

  describe('the admin screen (superuser only; the client secret write-only, encrypted at rest)', () => {
    const stored = async () => (await t.app.db.selectFrom('partner_providers').select('oidc_client_secret').where('id', '=', providerId).executeTakeFirstOrThrow()).oidc_client_secret;

    it('never answers the secret and keeps it sealed in the database', async () => {
      const one = await t.app.inject({ url: `${ADMIN}${providerId}/`, headers: bearer(su) });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ slug: 'chipco', issuer: idp.issuer, oidc_client_id: 'learning', has_client_secret: true, email_claim: 'email', auto_provision: true, enabled: true });
      expect(one.body).not.toContain('learning-secret');
      expect(JSON.stringify((await t.app.inject({ url: ADMIN, headers: bearer(su) })).json())).not.toContain('learning-secret');
      const sealed = await stored();
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain('learning-secret');
      expect(t.app.secretBox.open(sealed)).toBe('learning-secret');
    });

    it('keeps the stored secret when an update leaves it out or empty, and replaces it when one is given', async () => {
      const body = { slug: 'chipco', name: 'ChipCo', issuer: idp.issuer, oidc_client_id: 'learning', auto_provision: true, document_claim: 'cpf' };
      const before = await stored();
      const put = await t.app.inject({ method: 'PUT', url: `${ADMIN}${providerId}/`, headers: bearer(su), payload: { ...body, oidc_client_secret: '' } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ name: 'ChipCo', document_claim: 'cpf', has_client_secret: true });
      expect(await stored()).toBe(before);
      // the login still works with the kept secret
      expect((await finish(await throughProvider(await start(), 'kept', redirectUri))).statusCode).toBe(200);
      await t.app.inject({ method: 'PUT', url: `${ADMIN}${providerId}/`, headers: bearer(su), payload: { ...body, oidc_client_secret: 'rotated' } });
      expect(t.app.secretBox.open(await stored())).toBe('rotated');
      // the provider knows only the old secret: the code exchange now fails
      expect((await finish(await throughProvider(await start(), 'rotated', redirectUri))).json().code).toBe('login_error');
      await t.app.inject({ method: 'PUT', url: `${ADMIN}${providerId}/`, headers: bearer(su), payload: { ...body, name: 'ChipCo Retail', document_claim: null, oidc_client_secret: 'learning-secret' } });
    });

    it('asks for the secret on create and refuses a slug in use', async () => {
      const base = { name: 'Other', issuer: 'https://idp.example', oidc_client_id: 'x' };
      const missing = await t.app.inject({ method: 'POST', url: ADMIN, headers: bearer(su), payload: { ...base, slug: 'other' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { oidc_client_secret: 'make_sure_that_all_fields_are_filled_in' } });
      const taken = await t.app.inject({ method: 'POST', url: ADMIN, headers: bearer(su), payload: { ...base, slug: 'chipco', oidc_client_secret: 's' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fields).toEqual({ slug: 'name_not_unique' });
      const badSlug = await t.app.inject({ method: 'POST', url: ADMIN, headers: bearer(su), payload: { ...base, slug: 'Chip Co', oidc_client_secret: 's' } });
      expect(badSlug.statusCode).toBe(400);
    });

    it('is refused to an administrator who is not a superuser and to a learner', async () => {
      const manager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
      expect((await t.app.inject({ url: ADMIN, headers: bearer(manager) })).statusCode).toBe(403);
      const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      expect((await t.app.inject({ method: 'POST', url: ADMIN, headers: bearer(learner), payload: {} })).statusCode).toBe(403);
    });

    it('seals a secret stored in plain text (rows from before encryption at rest)', async () => {
      const now = new Date();
      const { demo } = await clientIds(t.app);
      await t.app.db.insertInto('partner_providers').values({
        client_id: demo, slug: 'legacy', name: 'Legacy', issuer: 'https://legacy.example', oidc_client_id: 'l',
        oidc_client_secret: 'plain-secret', document_claim: null, created_at: now, updated_at: now,
      }).execute();
      expect(await sealPlainPartnerSecrets(t.app.db, t.app.secretBox)).toBe(1);
      const row = await t.app.db.selectFrom('partner_providers').select('oidc_client_secret').where('slug', '=', 'legacy').executeTakeFirstOrThrow();
      expect(t.app.secretBox.open(row.oidc_client_secret)).toBe('plain-secret');
      // another key cannot open it
      expect(() => createSecretBox(secretKey('another', Buffer.alloc(32))).open(row.oidc_client_secret)).toThrow();
      expect(await sealPlainPartnerSecrets(t.app.db, t.app.secretBox)).toBe(0);
      await t.app.db.deleteFrom('partner_providers').where('slug', '=', 'legacy').execute();
    });
  });
});
