import { describe, expect, it } from 'vitest';
import { csvFormatFor, escapeSpreadsheetCell, toCsv } from './spreadsheet.ts';

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

describe('toCsv', () => {
  it('escapes formula-like texts, quotes what needs it and writes numbers in the format', () => {
    const rows = [['Training', 'Rate'], ['=HYPERLINK("x")', 57.1], ['A; B', null], ['+1', -5], ['line\nbreak', 1234.5]];
    expect(toCsv(rows, { delimiter: ';', decimal: ',' })).toBe(
      'Training;Rate\r\n"\'=HYPERLINK(""x"")";57,1\r\n"A; B";\r\n\'+1;-5\r\n"line\nbreak";1234,5\r\n',
    );
    expect(toCsv([['a,b', 2.5]], { delimiter: ',', decimal: '.' })).toBe('"a,b",2.5\r\n');
  });

  it('separates fields with a semicolon where numbers take a decimal comma', () => {
    expect(csvFormatFor('pt-BR')).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvFormatFor('fr')).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvFormatFor('en-US')).toEqual({ delimiter: ',', decimal: '.' });
  });
});
