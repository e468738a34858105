import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../languages.ts';

/**
 * A browser app asks for its refresh token in a cookie with this request header on
 * /api/o/token/ and /api/o/revoke_token/ (docs/security.md "Tokens"): the answer then
 * sets an HttpOnly, SameSite=Strict cookie scoped to /api/o/ instead of carrying the token, a
 * refresh reads it from there, a revoke clears it. Being a custom header, it also keeps any
 * other site from using the cookie (a cross-origin request with it needs a CORS approval this
 * server never gives).
 */
export const REFRESH_COOKIE_HEADER = 'X-Refresh-Cookie';

/** POST /api/o/token/ form body (spec 1 §7). */
export const TokenRequest = Type.Union([
  Type.Object({
    grant_type: Type.Literal('password'),
    username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
    app_version: Type.Optional(Type.String({ maxLength: 32 })),
    captcha: Type.Optional(Type.String({ maxLength: 4000 })),
  }),
  // spec 1 §2.1 login-{partner}: the query the partner's provider returned to the portal's login-{partner} page
  Type.Object({
    grant_type: Type.Literal('partner'),
    partner: Type.String({ minLength: 1, maxLength: 40 }),
    callback: Type.String({ minLength: 1, maxLength: 4000 }),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
  }),
  Type.Object({
    grant_type: Type.Literal('refresh_token'),
    // optional only for a browser app, whose refresh token is in the cookie (REFRESH_COOKIE_HEADER)
    refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
  }),
]);
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  /** absent when it went into the cookie (REFRESH_COOKIE_HEADER) */
  refresh_token: Type.Optional(Type.String()),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** `token` may be left out by a browser app: the cookie's refresh token is revoked (REFRESH_COOKIE_HEADER). */
export const RevokeRequest = Type.Object({ token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })) });

/** GET /api/login_params/ — spec 1 §3.3. */
export const LoginParams = Type.Object({
  tmp_system_new_version: Type.Boolean(),
  colors: Type.Object({ primary: Type.String(), secondary: Type.String() }),
  background: Type.Union([Type.String(), Type.Null()]),
  logo: Type.Union([Type.String(), Type.Null()]),
  text_header: Type.String(),
  text: Type.String(),
  user_pre_register: Type.Boolean(),
  user_register: Type.Boolean(),
  use_background: Type.Boolean(),
  full_background: Type.Boolean(),
  app_version: Type.String(),
  oauth2: Type.Boolean(),
  use_recaptcha: Type.Boolean(),
  under_maintenance: Type.Boolean(),
  default_language_id: Type.Integer(),
  accept_document: Type.Boolean(),
  background_color: Type.String(),
  font_color: Type.String(),
  use_help_desk: Type.Boolean(),
  use_portfolio_page: Type.Boolean(),
  show_public_faq: Type.Boolean(),
  /** spec 1 §2.1 registration outcome: awaiting approval (on) or "verify your email" (off) */
  register_needs_approval: Type.Boolean(),
  register: Type.Object({
    fields: Type.Array(Type.String()),
    password_strong_level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('strong')]),
  }),
  languages: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
  attempts: Type.Integer(),
  /** spec 1 §2.1 login-{partner}: the partners' single sign-on buttons (the server's, never edited here) */
  partners: Type.Optional(Type.Array(Type.Object({ slug: Type.String(), name: Type.String() }))),
  /**
   * spec 1 §2.1 the native app (the server's APP_SCHEME, APP_STORE_URL, PLAY_STORE_URL, APP_USER_AGENT): the scheme
   * mobile browsers are sent to (null: no redirect) and the store pages of /app-store (null: none)
   */
  mobile_app: Type.Optional(Type.Object({
    scheme: Type.Union([Type.String(), Type.Null()]),
    app_store_url: Type.Union([Type.String(), Type.Null()]),
    play_store_url: Type.Union([Type.String(), Type.Null()]),
    /** the server's APP_USER_AGENT: the marker the native app's web views carry in their user agent */
    user_agent: Type.Optional(Type.String()),
  })),
  /** spec 1 §2.1 help-desk widget (the server's HELP_DESK_URL, shown while use_help_desk is on): a script or a page; null: none */
  help_desk_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type LoginParams = Static<typeof LoginParams>;

/** spec 4: app version 1.85.480 */
export const APP_VERSION = '1.85.480';

/** The login configuration until an administrator changes it. */
export const DEFAULT_LOGIN_PARAMS: LoginParams = {
  tmp_system_new_version: false,
  colors: { primary: '#1f4e79', secondary: '#f5a623' },
  background: null,
  logo: null,
  // empty: each page shows its own title in the visitor's language until the client writes one
  text_header: '',
  text: '',
  user_pre_register: false,
  user_register: false,
  use_background: false,
  full_background: false,
  app_version: APP_VERSION,
  oauth2: true,
  use_recaptcha: false,
  under_maintenance: false,
  default_language_id: 1,
  accept_document: true,
  background_color: '#f4f6f8',
  font_color: '#1b1f23',
  use_help_desk: false,
  use_portfolio_page: false,
  show_public_faq: false,
  register_needs_approval: true,
  register: { fields: [], password_strong_level: 'low' },
  languages: LANGUAGES.map((l) => ({ ...l })),
  attempts: 5,
};

export const RecoverPasswordRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  captcha: Type.Optional(Type.String({ maxLength: 4000 })),
});
export const RecoverLink = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  uidb64: Type.String({ minLength: 1, maxLength: 64 }),
  token: Type.String({ minLength: 1, maxLength: 128 }),
});
export type RecoverLink = Static<typeof RecoverLink>;
export const SetNewPasswordRequest = Type.Composite([
  RecoverLink,
  Type.Object({
    password: Type.String({ maxLength: 256 }),
    confirm_password: Type.String({ maxLength: 256 }),
  }),
]);
export type SetNewPasswordRequest = Static<typeof SetNewPasswordRequest>;

export const ChangePasswordRequest = Type.Object({
  current_password: Type.String({ maxLength: 256 }),
  new_password: Type.String({ maxLength: 256 }),
  confirm_password: Type.String({ maxLength: 256 }),
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

export const DetailResponse = Type.Object({ detail: Type.String() });


export const SmsRecoveryRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  phone_area_code: Type.String({ maxLength: 5 }),
  phone: Type.String({ maxLength: 20 }),
  captcha: Type.Optional(Type.String({ maxLength: 4000 })),
}, { additionalProperties: false });
export type SmsRecoveryRequest = Static<typeof SmsRecoveryRequest>;

export const SmsCodeConfirm = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  code: Type.String({ maxLength: 12 }),
}, { additionalProperties: false });
export type SmsCodeConfirm = Static<typeof SmsCodeConfirm>;


/** spec 1 §5.5 captcha: the ALTCHA challenge the widget solves (the widget's own format, kept open). */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Record(Type.String(), Type.Unknown()),
  signature: Type.Optional(Type.String()),
}, { additionalProperties: true });
