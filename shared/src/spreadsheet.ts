/**
 * Formula-like cells are escaped on export (DESIGN "Jobs and mail"; OWASP CSV injection): a
 * text starting with = + - @ tab or carriage return gets a leading apostrophe, so a spreadsheet
 * program shows it as text instead of evaluating it. Other values pass through unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeSpreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
