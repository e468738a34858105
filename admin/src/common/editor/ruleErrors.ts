/** A form's rule errors (shared validators answer field → code) as react-admin wants them: field → `errors.{code}`. */
export function translatedErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`]));
}
