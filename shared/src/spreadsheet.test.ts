import { describe, expect, it } from 'vitest';
import { escapeSpreadsheetCell } from './spreadsheet.ts';

describe('escapeSpreadsheetCell', () => {
  it('prefixes formula-like texts with an apostrophe', () => {
    expect(escapeSpreadsheetCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(escapeSpreadsheetCell(`${start}1`)).toBe(`'${start}1`);
  });

  it('leaves other values alone', () => {
    expect(escapeSpreadsheetCell('Ana = Admin')).toBe('Ana = Admin');
    expect(escapeSpreadsheetCell('')).toBe('');
    expect(escapeSpreadsheetCell(-5)).toBe(-5);
    expect(escapeSpreadsheetCell(null)).toBe(null);
    const date = new Date();
    expect(escapeSpreadsheetCell(date)).toBe(date);
  });
});
