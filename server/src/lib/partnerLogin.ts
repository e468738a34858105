/**
 * Partner single sign-on (spec 1 §1, §2.1 login-{partner}): OpenID Connect authorization code
 * with PKCE and nonce through `openid-client` (certified; discovery, ID token and userinfo
 * checks). The browser goes to the partner's provider, comes back to the portal's
 * login-{partner} page with the answer's query, and the portal hands that query to
 * POST /o/token/ (grant_type=partner), which answers tokens like a password login.
 */
import * as oidc from 'openid-client';
import type { PartnerProviderRow } from '../db/tables/auth.table.ts';

const configs = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, kept while the row is unchanged. */
function configurationOf(provider: PartnerProviderRow, allowHttp: boolean): Promise<oidc.Configuration> {
  const key = `${provider.id}:${new Date(provider.updated_at).getTime()}`;
  let config = configs.get(key);
  if (!config) {
    config = oidc.discovery(new URL(provider.issuer), provider.oidc_client_id, provider.oidc_client_secret, undefined,
      // plain http only where the deployment allows it (a test's local provider): PARTNER_OIDC_ALLOW_HTTP
      allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined);
    config.catch(() => configs.delete(key));
    configs.set(key, config);
  }
  return config;
}

export const partnerRedirectUri = (publicUrl: string, slug: string) => `${publicUrl}/login-${slug}`;

export interface StartedLogin {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export async function startPartnerLogin(provider: PartnerProviderRow, redirectUri: string, allowHttp: boolean): Promise<StartedLogin> {
  const config = await configurationOf(provider, allowHttp);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, codeVerifier, nonce };
}

/** The signed-in person's claims (ID token, then userinfo), after every check of the answer. */
export async function finishPartnerLogin(
  provider: PartnerProviderRow, redirectUri: string, query: URLSearchParams,
  expected: { state: string; codeVerifier: string; nonce: string }, allowHttp: boolean,
): Promise<Record<string, unknown>> {
  const config = await configurationOf(provider, allowHttp);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${query.toString()}`), {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  return { ...info, ...idClaims };
}

/** A claim as text (the claim → user mapping of the provider row). */
export function claimText(claims: Record<string, unknown>, name: string | null): string | null {
  if (!name) return null;
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
