/**
 * Formula-like cells are escaped on export (DESIGN "Jobs and mail"; OWASP CSV injection): a
 * text starting with = + - @ tab or carriage return gets a leading apostrophe, so a spreadsheet
 * program shows it as text instead of evaluating it. Other values pass through unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeSpreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null;

export interface CsvFormat {
  /** the field separator: ';' where the decimal separator is a comma */
  delimiter: ',' | ';';
  /** how numbers are written: '.' or ',' as the decimal separator */
  decimal: '.' | ',';
}

/**
 * The CSV format a spreadsheet program opens in `locale`: where numbers take a decimal comma
 * (pt-BR, es, fr) fields are separated by ';', else by ','.
 */
export function csvFormatFor(locale: string): CsvFormat {
  const comma = new Intl.NumberFormat(locale).formatToParts(1.5).some((p) => p.type === 'decimal' && p.value === ',');
  return comma ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

/**
 * Rows as CSV text (RFC 4180, CRLF lines): formula-like texts escaped (escapeSpreadsheetCell),
 * a field quoted when it holds the separator, a quote or a line break, numbers without grouping.
 * The caller adds a byte-order mark when the file is for a spreadsheet program.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>, format: CsvFormat): string {
  const field = (cell: CsvCell): string => {
    if (cell === null) return '';
    const text = typeof cell === 'number' ? String(cell).replace('.', format.decimal) : String(escapeSpreadsheetCell(cell));
    return text.includes(format.delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(format.delimiter)).join('\r\n') + '\r\n';
}
