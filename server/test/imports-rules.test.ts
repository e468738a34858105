import { describe, expect, it } from 'vitest';
import { mapHeader, TEMPLATE_COLUMNS } from '../src/imports/columns.ts';
import { FirstLines, hash53 } from '../src/imports/engine.ts';
import { Lookup } from '../src/imports/lookups.ts';
import { plainValue } from '../src/imports/reader.ts';
import { cellDate, cellText } from '../src/imports/rows.ts';
import { displayFileName } from '../src/plugins/external/tus.ts';

/** The import's cell, header and bookkeeping rules, without a database. */
describe('import rules', () => {
  it('reads cells without evaluating anything', () => {
    expect(plainValue({ formula: '1+1', result: 2 })).toBe(2);
    expect(plainValue({ formula: 'CONCAT("a","b")', result: 'ab' })).toBe('ab');
    expect(plainValue({ formula: 'HYPERLINK("http://x")' })).toBe('=HYPERLINK("http://x")');
    expect(plainValue({ sharedFormula: 'A1', result: 7 })).toBe(7);
    expect(plainValue({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(plainValue({ text: 'site', hyperlink: 'http://x' })).toBe('site');
    expect(plainValue({ error: '#N/A' })).toBeNull();
    expect(plainValue(undefined)).toBeNull();
  });

  it('turns cells into text and dates', () => {
    expect(cellText(52998224725)).toBe('52998224725');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(true)).toBe('true');
    expect(cellText('  x ')).toBe('x');
    expect(cellDate(new Date(Date.UTC(1990, 4, 17)))).toBe('1990-05-17');
    expect(cellDate(32980)).toBe('1990-04-17'); // Excel's DATE(1990,4,17)
    expect(cellDate('1990-5-7')).toBe('1990-05-07');
    expect(cellDate('17/05/1990')).toBe('1990-05-17');
    expect(cellDate('31/02/1990')).toBe('invalid');
    expect(cellDate('yesterday')).toBe('invalid');
    expect(cellDate(null)).toBeNull();
  });

  it('accepts the template header in any order, and nothing else', () => {
    const keys = TEMPLATE_COLUMNS.users.map((c) => c.key);
    expect(mapHeader('users', keys)).toEqual({ columns: keys });
    expect(mapHeader('users', ['EMAIL', 'full_name *', null])).toEqual({ columns: ['email', 'full_name', null] });
    expect(mapHeader('users', ['email'])).toEqual({ problem: 'missing column(s) full_name' });
    expect(mapHeader('users', ['email', 'full_name', 'password'])).toEqual({ problem: 'unknown column "password"' });
    expect(mapHeader('users', ['email', 'full_name', 'email'])).toEqual({ problem: 'repeated column "email"' });
  });

  it('finds drop-down values ignoring case, accents and the export apostrophe', () => {
    const lookup = new Lookup();
    lookup.add('Gerente de Loja', 1);
    lookup.add('=SUM(A1)', 2);
    lookup.add('Loja Centro', 3, ['LC1']);
    expect(lookup.find(' gerente de  LOJA ')).toBe(1);
    expect(lookup.find("'=SUM(A1)")).toBe(2);
    expect(lookup.find('lc1')).toBe(3);
    expect(lookup.find('Gerênte de loja')).toBe(1);
    expect(lookup.find('Other')).toBeUndefined();
    expect(lookup.values).toEqual(['Gerente de Loja', '=SUM(A1)', 'Loja Centro']);
  });

  it('remembers the first line of each value through growth', () => {
    const lines = new FirstLines();
    for (let i = 0; i < 20_000; i += 1) expect(lines.firstLine(`user${i}@example.com`, i + 2)).toBe(i + 2);
    expect(lines.firstLine('user0@example.com', 90_000)).toBe(2);
    expect(lines.firstLine('user19999@example.com', 90_001)).toBe(20_001);
    expect(hash53('a')).not.toBe(hash53('b'));
    expect(Number.isSafeInteger(hash53('x'.repeat(1000)))).toBe(true);
  });

  it('keeps only the last segment of a client file name, without control characters', () => {
    expect(displayFileName('../../etc/passwd.xlsx')).toBe('passwd.xlsx');
    expect(displayFileName('C:\\Users\\ana\\people.xlsx')).toBe('people.xlsx');
    expect(displayFileName('a\u0000b\nc.xlsx')).toBe('abc.xlsx');
    expect(displayFileName(undefined)).toBe('');
  });
});
