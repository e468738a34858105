/**
 * Self sign-up (spec 1 §2.1 register, §3.3 register.fields and password_strong_level, §5.1–5.3):
 * the form the login configuration asks for and its checks, applied by the portal's form and by
 * the server alike.
 */
import type { ErrorCode } from './contract/errors.ts';
import { DOCUMENT_MAX_LENGTH, documentDigits } from './document.ts';
import { isValidEmail } from './email.ts';
import { checkNewPassword, type PasswordLevel } from './password.ts';
import { isValidImportCode } from './homeLayout.ts';

/**
 * The fields a client may add to the sign-up form through register.fields (name, e-mail and the
 * password with its confirmation are always asked). Unknown names in the configuration are
 * ignored, so a typo never breaks the form.
 */
export const REGISTER_FIELDS = ['document', 'nick_name', 'register', 'mobile', 'birthday', 'gender', 'import_code'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** The configured fields the form shows, in the configuration's order, once each. */
export function registerFieldsOf(configured: readonly string[]): RegisterField[] {
  const known = new Set<string>(REGISTER_FIELDS);
  return [...new Set(configured.map((f) => f.trim().toLowerCase()))].filter((f): f is RegisterField => known.has(f));
}

export interface RegistrationInput {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
  document?: string;
  nick_name?: string;
  register?: string;
  mobile_area_code?: string;
  mobile?: string;
  birthday?: string;
  gender?: string;
  /**
   * spec 1 §2.3 import-code: the code of the client the person joins (the server resolves it);
   * required when register.fields names it, else optional (a sign-up link may carry it)
   */
  import_code?: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationInput, ErrorCode>>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type RegisterFieldValues = Partial<Pick<RegistrationInput, 'full_name' | 'document' | 'nick_name' | 'register' | 'mobile_area_code' | 'mobile' | 'birthday' | 'gender'>>;

/**
 * The configured fields and the formats of what was typed: the sign-up form, and the
 * pre-registered person completing their account (spec 1 §4.1 complete_registration).
 */
export function validateRegisterFields(input: RegisterFieldValues, fields: readonly string[]): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!input.full_name?.trim()) errors.full_name = REQUIRED;
  for (const field of registerFieldsOf(fields)) {
    // the import code is the sign-up's own (validateRegistration): completing an account asks none
    if (field === 'import_code') continue;
    if (field === 'mobile') {
      if (!input.mobile_area_code?.trim()) errors.mobile_area_code = REQUIRED;
      if (!input.mobile?.trim()) errors.mobile = REQUIRED;
    } else if (!input[field]?.trim()) {
      errors[field] = REQUIRED;
    }
  }
  // spec 1 §5.2: the document is sent digits only; §8.2 "Please check your document"
  if (input.document?.trim()) {
    const digits = documentDigits(input.document);
    if (digits.length < 3 || digits.length > DOCUMENT_MAX_LENGTH) errors.document = 'invalid_document';
  }
  if (input.birthday?.trim() && !ISO_DATE.test(input.birthday.trim())) errors.birthday = 'validation_error';
  if ((input.mobile && /\D/.test(input.mobile.replace(/[\s-]/g, ''))) || (input.mobile_area_code && /\D/.test(input.mobile_area_code.trim()))) {
    errors.mobile = 'invalid_phone';
  }
  return errors;
}

/** field → error code (empty when the form may be sent). */
export function validateRegistration(
  input: RegistrationInput,
  config: { fields: readonly string[]; level: PasswordLevel },
): RegistrationErrors {
  const errors: RegistrationErrors = validateRegisterFields(input, config.fields);
  if (registerFieldsOf(config.fields).includes('import_code') && !input.import_code?.trim()) errors.import_code = REQUIRED;
  else if (input.import_code?.trim() && !isValidImportCode(input.import_code)) errors.import_code = 'invalid_import_code';
  const email = input.email.trim();
  if (!email) errors.email = REQUIRED;
  else if (!isValidEmail(email)) errors.email = 'invalid_email';
  // spec 1 §5.1 password_strong_level
  const problem = checkNewPassword(input.password, input.confirm_password, config.level);
  if (problem === 'password_confirmation_mismatch') errors.confirm_password = problem;
  else if (problem === REQUIRED) {
    if (!input.password) errors.password = REQUIRED;
    else errors.confirm_password = REQUIRED;
  } else if (problem) errors.password = problem;
  return errors;
}
