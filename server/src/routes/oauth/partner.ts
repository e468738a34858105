import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/httpError.ts';
import { claimText, finishPartnerLogin, partnerRedirectUri } from '../../lib/partnerLogin.ts';
import { unusablePassword } from '../../repositories/adminUsers.ts';
import { findPartner, takeLoginState } from '../../repositories/partnerLogins.ts';
import { createRegisteredUser } from '../../repositories/registration.ts';
import { findUserById, findUserByUsername } from '../../repositories/users.ts';
import type { UserRow } from '../../db/tables/user.table.ts';

const loginError = () => new HttpError(400, 'login_error', 'Login error');

/**
 * POST /o/token/ grant_type=partner (spec 1 §2.1 login-{partner}): the provider's answer, as the
 * portal's return page received it, becomes the platform's user. The state must be one this
 * server started for that partner and not used yet; openid-client then checks the state, the
 * issuer, the PKCE verifier, the ID token and its nonce, and the provider refuses a replayed code.
 * The e-mail claim (the provider row's claim mapping) finds the user; an unknown person gets an
 * account in the provider's client only with auto-provisioning on.
 */
export async function partnerUser(app: FastifyInstance, request: FastifyRequest, slug: string, callback: string): Promise<UserRow> {
  const provider = await findPartner(app.db, slug, app.secretBox);
  if (!provider) throw loginError();
  const query = new URLSearchParams(callback.replace(/^\?/, ''));
  const state = query.get('state');
  const started = state ? await takeLoginState(app.db, provider.id, state) : undefined;
  if (!state || !started) throw loginError();
  let claims: Record<string, unknown>;
  try {
    claims = await finishPartnerLogin(provider, partnerRedirectUri(app.config.publicUrl, provider.slug), query,
      { state, codeVerifier: started.code_verifier, nonce: started.nonce }, app.config.partnerOidcAllowHttp);
  } catch (error) {
    request.log.warn({ err: error, partner: slug }, 'partner login refused');
    throw loginError();
  }
  const email = claimText(claims, provider.email_claim)?.toLowerCase();
  if (!email || claims.email_verified === false) throw loginError();
  const known = await findUserByUsername(app.db, email);
  if (known) return known;
  if (!provider.auto_provision) throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
  const now = new Date();
  const document = claimText(claims, provider.document_claim)?.replace(/\D/g, '') || null;
  const id = await createRegisteredUser(app.db, {
    full_name: claimText(claims, provider.name_claim) ?? email, email, document, register: null, gmin_number: null, sap_code: null,
    nick_name: null, password_hash: unusablePassword(), is_superuser: false, status: 'active', language_id: 1,
    selected_client_id: provider.client_id, must_change_password: false, created_at: now, updated_at: now, date_joined: now,
  }, provider.client_id);
  return (await findUserById(app.db, id))!;
}
