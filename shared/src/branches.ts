/** Branch and headquarter rules shared by the admin forms, the server and the imports (spec 1 §3.5–3.6, §5.3). */
import { isValidEmail } from './email.ts';
import type { ErrorCode } from './contract/errors.ts';
import { isCodeOf } from './lookupLists.ts';

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

/** spec 1 §3.5 "quantity of branches": a count the company declares (its stores in this platform may be fewer). */
export const MAX_QUANTITY_OF_BRANCHES = 100_000;

export interface HeadquarterDetailsLike {
  /** shared COMPANY_TYPES */
  company_type?: string | null;
  quantity_of_branches?: number | null;
}

/** field → error code of a headquarter's company type and quantity of branches; empty when valid. */
export function validateHeadquarterDetails(input: HeadquarterDetailsLike): Partial<Record<keyof HeadquarterDetailsLike, ErrorCode>> {
  const errors: Partial<Record<keyof HeadquarterDetailsLike, ErrorCode>> = {};
  if (input.company_type && !isCodeOf('company_types', input.company_type)) errors.company_type = 'validation_error';
  const quantity = input.quantity_of_branches;
  if (quantity != null && (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY_OF_BRANCHES)) {
    errors.quantity_of_branches = 'validation_error';
  }
  return errors;
}
