import { Type, type Static } from '@sinclair/typebox';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** POST /api/users/register/ — fields per the login configuration's register.fields (rules: validateRegistration). */
export const RegisterRequest = Type.Object({
  full_name: Type.String({ maxLength: 256 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
  confirm_password: Type.String({ maxLength: 256 }),
  document: Text(60),
  nick_name: Text(100),
  register: Text(60),
  mobile_area_code: Text(5),
  mobile: Text(20),
  birthday: Text(10),
  gender: Text(40),
  /** spec 1 §2.3 import-code: the client the person joins; without it, the platform's first client */
  import_code: Text(40),
  /** the language the visitor reads the login page in (spec 3.2 language ids); mails follow it */
  language_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  /** spec 1 §5.5: the solved captcha while use_recaptcha is on */
  captcha: Type.Optional(Type.String({ maxLength: 4000 })),
}, { additionalProperties: false });
export type RegisterRequest = Static<typeof RegisterRequest>;

/**
 * spec 1 §2.1 "Outcomes: account created and awaiting approval (an e-mail is sent on approval),
 * or account created with a 'verify your email' message" — as the login configuration's
 * register_needs_approval says.
 */
export const RegisterResponse = Type.Object({
  outcome: Type.Union([Type.Literal('awaiting_approval'), Type.Literal('verify_email')]),
});
export type RegisterResponse = Static<typeof RegisterResponse>;

/** POST /api/users/pre_register/ — the e-mail or document an administrator or an import pre-registered. */
export const PreRegisterRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  captcha: Type.Optional(Type.String({ maxLength: 4000 })),
}, { additionalProperties: false });
export type PreRegisterRequest = Static<typeof PreRegisterRequest>;

/** POST /api/users/complete_registration/ — the configured fields (register.fields), without e-mail and password. */
export const CompleteRegistrationRequest = Type.Object({
  full_name: Type.String({ maxLength: 256 }),
  document: Text(60),
  nick_name: Text(100),
  register: Text(60),
  mobile_area_code: Text(5),
  mobile: Text(20),
  birthday: Text(10),
  gender: Text(40),
}, { additionalProperties: false });
export type CompleteRegistrationRequest = Static<typeof CompleteRegistrationRequest>;
