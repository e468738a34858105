/** User rules shared by the admin form and the server (spec 1 §4.1, §5.1–5.3). */
import { isValidBrazilianDocument } from './document.ts';
import { isValidEmail } from './email.ts';
import type { ErrorCode } from './contract/errors.ts';
import { isValidTimezone } from './dates/zone.ts';
import { isCodeOf } from './lookupLists.ts';
import { checkPassword, type PasswordLevel } from './password.ts';
import { hasPermission, type AccessSubject } from './permissions.ts';

/** spec 1 §4.1 status words. */
export const USER_STATUSES = [
  'active',
  'inactive',
  'inactive_automatically',
  'inactive_compliance',
  'inactive_former_employee',
  'inactive_leave',
  'inactive_vacation',
  'inactive_webservice',
  'active_webservice',
  'blocked',
  'deletion_requested',
  'deleted',
  'pre_registered',
  'self_registered',
  'awaiting_validation',
  'complete_registration',
  'temporary',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** spec 1 §4.1: the statuses that may log in (the others are refused at login and on every call). */
export const LOGIN_STATUSES: readonly UserStatus[] = ['active', 'active_webservice', 'pre_registered', 'complete_registration', 'temporary'];

export function isUserStatus(value: string): value is UserStatus {
  return (USER_STATUSES as readonly string[]).includes(value);
}

/** spec 1 §3.8 marital_status (a fixed list here; the labels are translated). */
export const MARITAL_STATUSES = ['single', 'married', 'stable_union', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** Statuses an administrator may set through the edit form (the rest are set by actions). */
const EDITABLE: readonly UserStatus[] = USER_STATUSES.filter(
  (s) => s !== 'deleted' && s !== 'deletion_requested',
);

/**
 * spec 1 §4.1 "Superior approvers approve new users" and "the user receives an e-mail when
 * approved": an account awaiting validation becomes active only through Approve (the
 * approver's check, the e-mail, the audit entry), never by an edit or an import.
 */
export const isApproval = (from: string, to: string): boolean =>
  from === 'awaiting_validation' && (to === 'active' || to === 'active_webservice');

/**
 * spec 1 §4.1 "Superior approvers approve new users": Approve is for a users manager
 * (users_manage), or for one of the user's superiors (§3.4 "superiors (approvers)") who holds
 * superiors_approvers (§6.2), in the selected client.
 */
export function mayApproveUser(subject: AccessSubject, actorId: number, superiorIds: readonly number[]): boolean {
  if (hasPermission(subject, 'users_manage')) return true;
  return hasPermission(subject, 'superiors_approvers') && superiorIds.includes(actorId);
}

/**
 * spec 1 §4.1–4.2 transitions an edit or an import may make from a status. `deleted` is final
 * (anonymised, irreversible); `deletion_requested` only leaves through confirm (→ deleted) or
 * reject (→ active); an approval is its own action (isApproval).
 */
export function allowedStatusTransitions(from: string): UserStatus[] {
  if (from === 'deleted') return [];
  if (from === 'deletion_requested') return ['deleted', 'active'];
  return [...EDITABLE.filter((s) => s !== from && !isApproval(from, s)), 'deletion_requested'];
}

export function canTransition(from: string, to: string): boolean {
  return from === to || (allowedStatusTransitions(from) as string[]).includes(to);
}

export interface UserInputLike {
  full_name?: string | null;
  email?: string | null;
  document?: string | null;
  client_ids?: readonly number[] | null;
  password?: string | null;
  /** on creation: `set` — the admin types the password now; `email` — the user gets a first-access link */
  password_choice?: PasswordChoice | null;
  marital_status?: string | null;
  /** spec 1 §3.4 email_confirm: the e-mail typed again; checked when sent */
  email_confirm?: string | null;
  /** shared GENDERS */
  sex?: string | null;
  /** shared USER_TYPES */
  user_type?: string | null;
  /** IANA zone name */
  timezone?: string | null;
  area_ids?: readonly number[] | null;
  main_area_id?: number | null;
  mandatory_area_ids?: readonly number[] | null;
}

/** How a new user gets a password (issue 25 item 5): set by the admin now, or chosen by the user through an e-mailed link. */
export const PASSWORD_CHOICES = ['email', 'set'] as const;
export type PasswordChoice = (typeof PASSWORD_CHOICES)[number];

export interface UserValidationContext {
  /** ISO alpha-3 code of the user's country; BRA enables the document check (spec 1 §5.2) */
  countryCode?: string | null;
  /** creating: a missing password is allowed (the user gets a reset link or the default) */
  isNew?: boolean;
  passwordLevel?: PasswordLevel;
  /** the e-mail domains of the chosen profile (empty or absent: any e-mail suits it) */
  profileEmailDomains?: readonly string[];
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A profile's e-mail domains as stored: trimmed, lower case, without a leading '@', no repeats. */
export function normalizeEmailDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
}

/** The first entry that is not a domain name (e.g. "acme" or "a b.com"), after normalising. */
export function invalidEmailDomain(domains: readonly string[]): string | null {
  return normalizeEmailDomains(domains).find((d) => !DOMAIN.test(d)) ?? null;
}

/**
 * spec 1 §5.3 "Invalid email for this profile" (when the e-mail does not suit the chosen
 * profile): a profile may name the e-mail domains of its people — a "Corporate staff" profile
 * only for @acme.com addresses. A subdomain suits its domain (x@sp.acme.com for acme.com); a
 * profile without domains takes any e-mail.
 */
export function emailSuitsProfile(email: string, domains: readonly string[]): boolean {
  const allowed = normalizeEmailDomains(domains);
  if (allowed.length === 0) return true;
  const host = email.trim().toLowerCase().split('@').pop() ?? '';
  return allowed.some((d) => host === d || host.endsWith(`.${d}`));
}

export type UserFieldErrors = Partial<Record<string, ErrorCode>>;

/** field → error code; empty object when valid. */
export function validateUserInput(input: UserInputLike, context: UserValidationContext = {}): UserFieldErrors {
  const errors: UserFieldErrors = {};
  if (!input.full_name?.trim()) errors.full_name = 'make_sure_that_all_fields_are_filled_in';
  const email = input.email?.trim() ?? '';
  if (!email) errors.email = 'make_sure_that_all_fields_are_filled_in';
  else if (!isValidEmail(email)) errors.email = 'invalid_email';
  else if (context.profileEmailDomains && !emailSuitsProfile(email, context.profileEmailDomains)) errors.email = 'invalid_email_for_profile';
  const document = input.document?.trim();
  if (document && context.countryCode === 'BRA' && !isValidBrazilianDocument(document)) {
    errors.document = 'invalid_document';
  }
  if (!input.client_ids || input.client_ids.length === 0) errors.client_ids = 'user_needs_a_client';
  if (input.marital_status && !(MARITAL_STATUSES as readonly string[]).includes(input.marital_status)) errors.marital_status = 'validation_error';
  Object.assign(errors, validateUserOrganisation(input));
  if (input.password) {
    const problem = checkPassword(input.password, context.passwordLevel ?? 'low');
    if (problem) errors.password = problem;
  } else if (context.isNew && input.password_choice === 'set') {
    errors.password = 'make_sure_that_all_fields_are_filled_in';
  }
  return errors;
}

/**
 * spec 1 §3.4 fields added with the lookups of §3.8: the e-mail typed twice must agree (when the
 * confirmation is sent), sex and user_type are codes of their lists, the timezone an IANA zone;
 * the main area is one of the user's areas and the mandatory areas stay among them (as the
 * mandatory areas of a training stay among its areas, spec 2 §5).
 */
export function validateUserOrganisation(input: UserInputLike): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const confirm = input.email_confirm?.trim();
  if (confirm !== undefined && confirm !== '' && confirm.toLowerCase() !== (input.email?.trim().toLowerCase() ?? '')) {
    errors.email_confirm = 'email_confirmation_mismatch';
  }
  if (input.sex && !isCodeOf('genders', input.sex)) errors.sex = 'validation_error';
  if (input.user_type && !isCodeOf('user_types', input.user_type)) errors.user_type = 'validation_error';
  if (input.timezone && !isValidTimezone(input.timezone)) errors.timezone = 'validation_error';
  const areas = input.area_ids ?? [];
  if (input.main_area_id != null && !areas.includes(input.main_area_id)) errors.main_area_id = 'main_area_not_chosen';
  if ((input.mandatory_area_ids ?? []).some((id) => !areas.includes(id))) errors.mandatory_area_ids = 'mandatory_audience_not_chosen';
  return errors;
}
