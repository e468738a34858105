import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { helpDeskScriptOrigin } from '../src/plugins/app/securityHeaders.ts';
import { DIALECTS, buildTestApp, type TestApp } from './helpers.ts';

const PAGE = '<!doctype html><html><head></head><body></body></html>';

/** spec 1 §2.1 the native app (APP_SCHEME, store pages) and the help-desk widget, as the login page reads them. */
describe.each(DIALECTS)('mobile app and help desk on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      appScheme: 'learning', appStoreUrl: 'https://apps.apple.com/app/id1', playStoreUrl: null, appUserAgent: 'AcmeLearning/',
      helpDeskUrl: 'https://widget.help.example/w.js',
    }, (app) => {
      app.get('/', (_req, reply) => reply.type('text/html').send(PAGE));
      app.get('/admin/', (_req, reply) => reply.type('text/html').send(PAGE));
    });
  });
  afterAll(async () => { await t.close(); });

  it('tells the login page the app scheme, the store pages and the help-desk widget', async () => {
    const params = (await t.app.inject({ url: '/api/login_params/' })).json();
    expect(params.mobile_app).toEqual({ scheme: 'learning', app_store_url: 'https://apps.apple.com/app/id1', play_store_url: null, user_agent: 'AcmeLearning/' });
    expect(params.help_desk_url).toBe('https://widget.help.example/w.js');
  });

  it('lets the widget script run on the portal (its origin in script-src and connect-src), not on the control panel', async () => {
    const portal = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(portal).toMatch(/script-src [^;]*https:\/\/widget\.help\.example/);
    expect(portal).toMatch(/connect-src [^;]*https:\/\/widget\.help\.example/);
    const admin = String((await t.app.inject({ url: '/admin/' })).headers['content-security-policy']);
    expect(admin).not.toContain('widget.help.example');
  });

  it('keeps the server-held values out of what the Configuration screen edits', async () => {
    const { EditableLoginParams } = await import('@lp/shared/contract');
    expect(Object.keys(EditableLoginParams.properties)).not.toContain('mobile_app');
    expect(Object.keys(EditableLoginParams.properties)).not.toContain('help_desk_url');
  });
});

describe('configuration of the mobile app and the help desk', () => {
  it('takes a scheme and https URLs only; unset means off', () => {
    const off = loadConfig({});
    expect([off.appScheme, off.appStoreUrl, off.playStoreUrl, off.helpDeskUrl]).toEqual([null, null, null, null]);
    const on = loadConfig({ APP_SCHEME: 'Learning', APP_STORE_URL: 'https://apps.apple.com/x', PLAY_STORE_URL: 'http://evil.example/', HELP_DESK_URL: 'javascript:alert(1)' });
    expect(on.appScheme).toBe('learning');
    expect(on.appStoreUrl).toBe('https://apps.apple.com/x');
    expect(on.playStoreUrl).toBeNull();
    expect(on.helpDeskUrl).toBeNull();
    expect(loadConfig({ APP_SCHEME: 'bad scheme://' }).appScheme).toBeNull();
  });

  it("keeps the native app's user-agent marker LearningApp/ unless APP_USER_AGENT names another", () => {
    expect(loadConfig({}).appUserAgent).toBe('LearningApp/');
    expect(loadConfig({ APP_USER_AGENT: '  ' }).appUserAgent).toBe('LearningApp/');
    expect(loadConfig({ APP_USER_AGENT: 'AcmeLearning/' }).appUserAgent).toBe('AcmeLearning/');
  });

  it('a help-desk page (not a script) adds nothing to the CSP', () => {
    expect(helpDeskScriptOrigin({ helpDeskUrl: 'https://help.example/portal' })).toBeNull();
    expect(helpDeskScriptOrigin({ helpDeskUrl: 'https://cdn.help.example/widget.js?key=1' })).toBe('https://cdn.help.example');
  });
});
