/** spec 1 §5.1 password policy levels. */
export type PasswordLevel = 'low' | 'medium' | 'strong';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_needs_mixed_case_and_numbers' | 'password_needs_symbol';

/** spec 1 §5.1: "strong: as medium plus symbols (!@#$%ˆ)"; any non-alphanumeric counts as a symbol. */
const SYMBOL = /[^A-Za-z0-9]/;

export function checkPassword(password: string, level: PasswordLevel = 'low'): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  if (level === 'low') return null;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return 'password_needs_mixed_case_and_numbers';
  }
  if (level === 'strong' && !SYMBOL.test(password)) return 'password_needs_symbol';
  return null;
}

export type PasswordChangeProblem = PasswordProblem | 'password_confirmation_mismatch' | 'make_sure_that_all_fields_are_filled_in';

/** The checks a form can make before the server checks the current password. */
export function checkNewPassword(
  newPassword: string,
  confirmation: string,
  level: PasswordLevel = 'low',
): PasswordChangeProblem | null {
  if (!newPassword || !confirmation) return 'make_sure_that_all_fields_are_filled_in';
  const problem = checkPassword(newPassword, level);
  if (problem) return problem;
  if (newPassword !== confirmation) return 'password_confirmation_mismatch';
  return null;
}
