/**
 * The access paths (sign-up, pre-registration, SMS recovery, partner single sign-on; spec 1 §2.1)
 * apart from their schemas: the portal's public pages take them, and a module of plain values
 * brings no TypeBox into their bundles (see learnerPaths.ts).
 */

/** spec 1 §2.1 register: the sign-up form's calls (public). */
export const REGISTRATION_PATHS = {
  register: '/users/register/',
  /** the verify-your-email link's click: {username, uidb64, token} (RecoverLink) */
  verify: '/users/register/verify/',
  /** spec 1 §2.1 pre-register (user_pre_register): a pre-registered person asks for their first-access link */
  preRegister: '/users/pre_register/',
  /** spec 1 §4.1 complete_registration: the pre-registered person, logged in, completes their data */
  complete: '/users/complete_registration/',
} as const;

/** spec 1 §2.1 recover password by SMS (public). */
export const SMS_RECOVERY_PATHS = {
  /** {username, phone_area_code, phone} → a 6-digit code is sent to the stored phone */
  send: '/users/recover_password/sms/',
  /** {username, code} → a set-new-password link {username, uidb64, token} (recover-password/…) */
  confirm: '/users/recover_password/sms/confirm/',
} as const;

/** spec 1 §2.1 login-{partner}: the partner button's target (public; answers a redirect to the partner's provider). */
export const PARTNER_LOGIN_PATHS = {
  authorize: (partner: string) => `/auth/partners/${partner}/authorize/`,
} as const;

/** spec 1 §5.5 captcha: GET → a signed ALTCHA challenge for the widget (public). */
export const CAPTCHA_PATH = '/captcha/challenge/';
