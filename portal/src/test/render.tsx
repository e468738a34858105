import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { memoryLocation } from 'wouter-preact/memory-location';
import { DEFAULT_LOGIN_PARAMS, type LoginParams, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import type { LocaleCode } from '@lp/shared/rules';
import { vi } from 'vitest';
import { Providers } from '../app.tsx';
import { AppRoutes } from '../routes.tsx';
import { loadMessages } from '../lib/i18n.ts';

/** Renders UI inside the portal's providers, at `path` of an in-memory location. */
export async function renderWithApp(ui: ComponentChildren = <AppRoutes />, { path = '/', locale = 'pt-br' as LocaleCode } = {}) {
  await loadMessages(locale);
  const memory = memoryLocation({ path, record: true });
  const view = render(<Providers locale={locale} freshCache location={memory.hook}>{ui}</Providers>);
  return { ...view, memory };
}

export interface FakeCall {
  method: string;
  path: string;
  body: string;
  headers: Headers;
}

type Answer = [status: number, body: unknown];
type Handler = (call: FakeCall) => Answer;

/** What the refresh cookie gives a signed-in page that starts without an access token. */
const RESTORED_TOKEN: Answer = [200, { access_token: 'access', token_type: 'Bearer', expires_in: 3600, scope: 'read write' }];

/**
 * A fake fetch answering `'METHOD /path/'` keys (path under /api); anything else is a 404. A
 * refresh from the cookie (`POST /o/token/` without a password) is answered with a token and not
 * recorded, unless the test routes `POST /o/token/` itself.
 */
export function fakeApi(routes: Record<string, Answer | Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? init.body : '',
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const [status, body] = typeof route === 'function' ? route(call) : route ?? [404, { detail: 'not found', code: 'not_found' }];
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? init.body : '';
    if (path === '/api/o/token/' && !routes['POST /o/token/'] && body.startsWith('grant_type=refresh_token')) {
      return new Response(JSON.stringify(RESTORED_TOKEN[1]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return fetchMock(input, init);
  });
  return { calls, fetchMock };
}

export function loggedIn(user: SessionUser = demoUser) {
  updateSession(localStorage, { signed_in: true, user });
}

export const loginParams: LoginParams = {
  ...DEFAULT_LOGIN_PARAMS,
  logo: '/logo.png',
  text_header: 'Demo Retail Academy',
  text: 'Learn every day.',
  languages: [],
};

export const demoUser: SessionUser = {
  id: 3,
  id_user_client_profile: null,
  full_name: 'Lia Learner',
  nick_name: null,
  user_document: null,
  email: 'learner@demo.local',
  is_superuser: false,
  id_user_client_selected: 1,
  id_user_client_country_selected: null,
  id_user_language_selected: 1,
  user_clients: [],
  user_client_module_items: [],
  has_mandatory_surveys: false,
  accept_terms_and_conditions: true,
  terms_version: null,
  must_complete_registration: false,
  user_companies: [],
  user_branches: [],
  user_countries: [],
  user_change_password: false,
  reload_content: false,
  last_report_requests: {},
};
