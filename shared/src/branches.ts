/** Branch rules shared by the admin form and the server (spec 1 §3.6, §5.3). */
import { isValidEmail } from './email.ts';
import type { ErrorCode } from './contract/errors.ts';

export interface BranchDetailsLike {
  area_email?: string | null;
  /** YYYY-MM-DD */
  opened_date?: string | null;
  closed_date?: string | null;
}

/** field → error code of the §3.6 details; empty when valid. */
export function validateBranchDetails(input: BranchDetailsLike): Partial<Record<keyof BranchDetailsLike, ErrorCode>> {
  const errors: Partial<Record<keyof BranchDetailsLike, ErrorCode>> = {};
  const email = input.area_email?.trim();
  if (email && !isValidEmail(email)) errors.area_email = 'invalid_email';
  // ISO dates compare as text
  if (input.opened_date && input.closed_date && input.closed_date < input.opened_date) errors.closed_date = 'closed_before_opened';
  return errors;
}
