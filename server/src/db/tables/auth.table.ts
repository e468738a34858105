import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultBool, Timestamp } from '../columns.ts';

/** One login = one family; refresh tokens rotate inside it (DESIGN "Auth and permissions"). */
export interface TokenFamilyTable {
  id: string;
  user_id: number;
  application_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  /** administrative view: the administrator who opened this session as the user */
  acting_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** administrative view: the only client the session may work in (the administrator's) */
  confined_client_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export type TokenFamilyRow = Selectable<TokenFamilyTable>;

export interface OauthTokenTable {
  id: Generated<number>;
  /** sha-256 of the opaque token; the token itself is never stored */
  token_hash: string;
  kind: 'access' | 'refresh';
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  /** refresh tokens: when rotated (a second use means theft → family revoked) */
  used_at: Timestamp | null;
  created_at: Timestamp;
}
export type OauthTokenRow = Selectable<OauthTokenTable>;

export interface LoginFailureTable {
  key: string;
  failures: number;
  first_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** 2026_11_27_0500: recovery | first_access | verify_email (LINK_PURPOSES) */
  purpose: Generated<string>;
}
export type PasswordResetRow = Selectable<PasswordResetTable>;

/** spec 1 §2.1 recovery by SMS (2026_11_27_0500): a code, hashed, with its guesses counted. */
export interface SmsCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** spec 1 §2.1 login-{partner} (2026_11_27_0500): a partner's OpenID Connect provider of a client. */
export interface PartnerProviderTable {
  id: Generated<number>;
  client_id: number;
  /** the brand in the return path login-{slug} */
  slug: string;
  name: string;
  issuer: string;
  oidc_client_id: string;
  oidc_client_secret: string;
  email_claim: Generated<string>;
  name_claim: Generated<string>;
  document_claim: string | null;
  /** unknown people get an account in the client (else they are refused) */
  auto_provision: DefaultBool;
  enabled: DefaultBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PartnerProviderRow = Selectable<PartnerProviderTable>;

export interface PartnerLoginStateTable {
  id: Generated<number>;
  provider_id: number;
  state_hash: string;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** spec 1 §5.5 captcha (2026_11_27_0500): a solved challenge, kept until it expires so it counts once. */
export interface CaptchaUseTable {
  signature_hash: string;
  expires_at: Timestamp;
}
