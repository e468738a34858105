import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsChannel, REALTIME_CLOSE } from '@lp/shared/contract';
import { BASIC, DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { openSocket, type TestSocket } from './realtimeFixtures.ts';
import { clientIds, loginSuperuser, newUser } from './userFixtures.ts';

const PASSWORD = 'Socket#2026!';
/**
 * The pushed closes are checked on an app with the default 15 s heartbeat, whose sweep cannot
 * have closed them within a second; the sweep, on one with 200 ms heartbeats.
 */
const HEARTBEAT_MS = 15_000;
const SHORT_HEARTBEAT_MS = 200;
const ENDED = { code: REALTIME_CLOSE.authFailed, reason: 'session_ended' };

/**
 * docs/security.md "Realtime": a socket lives no longer than the session behind it — logout,
 * password change, block, deletion request, and any revocation (the sweep). The access token's
 * own expiry is realtime.test.ts "closes the socket when the access token behind it expires".
 */
describe.each(DIALECTS)('realtime sockets end with their session on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { realtimeHeartbeatMs: HEARTBEAT_MS });
    su = await loginSuperuser(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  /** A fresh learner, signed in, with a socket subscribed to their notifications (kept alive). */
  async function subscribedUser(on = t, admin = su): Promise<{ id: number; email: string; tokens: Tokens; socket: TestSocket }> {
    const body = newUser((await clientIds(on.app)).demo, { password: PASSWORD });
    const created = await on.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(admin), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const tokens = await login(on.app, body.email, PASSWORD);
    const socket = await subscribed(tokens, created.json().id, on);
    return { id: created.json().id, email: body.email, tokens, socket };
  }

  async function subscribed(tokens: Tokens, id: number, on = t): Promise<TestSocket> {
    const socket = await openSocket(on.app, tokens);
    sockets.push(socket);
    socket.keepAlive(Math.min(on.config.realtimeHeartbeatMs / 2, 1000));
    await socket.subscribe(notificationsChannel(id));
    return socket;
  }

  const within = <T>(promise: Promise<T>, ms = 3000) => Promise.race([
    promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);

  it('closes on logout (token revocation)', async () => {
    const u = await subscribedUser();
    const res = await t.app.inject({
      method: 'POST', url: '/api/o/revoke_token/', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: u.tokens.access_token }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await within(u.socket.closed, 1000)).toEqual(ENDED);
  });

  it('closes when an administrator blocks the user', async () => {
    const u = await subscribedUser();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin_users/users/${u.id}/block/`, headers: bearer(su) })).statusCode).toBe(200);
    expect(await within(u.socket.closed, 1000)).toEqual(ENDED);
  });

  it('closes the other sessions on a password change, not the one that changed it', async () => {
    const u = await subscribedUser();
    const other = await login(t.app, u.email, PASSWORD);
    const otherSocket = await subscribed(other, u.id);
    const res = await t.app.inject({
      method: 'POST', url: '/api/users/change_password/', headers: bearer(u.tokens),
      payload: { current_password: PASSWORD, new_password: 'Changed#2026!', confirm_password: 'Changed#2026!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await within(otherSocket.closed, 1000)).toEqual(ENDED);
    // the changing session keeps its socket and still receives
    await t.app.realtime.publish(notificationsChannel(u.id), { hello: 1 });
    expect(await u.socket.message(notificationsChannel(u.id))).toEqual({ hello: 1 });
  });

  it('closes on the user\'s deletion request', async () => {
    const u = await subscribedUser();
    expect((await t.app.inject({ method: 'POST', url: '/api/users/request_deletion/', headers: bearer(u.tokens) })).statusCode).toBe(200);
    expect(await within(u.socket.closed, 1000)).toEqual(ENDED);
  });

  it('closes within a heartbeat whatever revoked the login (the sweep)', async () => {
    const short = await buildTestApp(dialect, { realtimeHeartbeatMs: SHORT_HEARTBEAT_MS });
    try {
      const u = await subscribedUser(short, await loginSuperuser(short.app));
      // revoked behind the API's back (an import, a script): no one told the hub
      await short.app.db.updateTable('token_families').set({ revoked_at: new Date() }).where('user_id', '=', u.id).execute();
      expect(await within(u.socket.closed, 3 * SHORT_HEARTBEAT_MS + 2000)).toEqual(ENDED);
      // a blocked user too (their logins are not revoked, their status says no)
      const v = await subscribedUser(short, await loginSuperuser(short.app));
      await short.app.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', v.id).execute();
      expect(await within(v.socket.closed, 3 * SHORT_HEARTBEAT_MS + 2000)).toEqual(ENDED);
    } finally {
      await short.close();
    }
  });
});
