import { describe, expect, it } from 'vitest';
import { toImportLog } from '../repositories/imports.ts';
import { translate } from './i18n.ts';

describe('server texts in the plural form of a count (issue #25 item 4)', () => {
  it('pick {key}_one / {key}_other by the language\'s plural rules', () => {
    expect(translate(1, 'imports.counts.errors', { count: 1 })).toBe('1 erro');
    expect(translate(1, 'imports.counts.errors', { count: 2 })).toBe('2 erros');
    expect(translate(2, 'imports.counts.errors', { count: 1 })).toBe('1 error');
    expect(translate(2, 'imports.counts.errors', { count: 0 })).toBe('0 errors');
    expect(translate(4, 'imports.counts.rows', { count: 3 })).toBe('3 lignes');
    // a text without plural forms and a string count keep the plain lookup
    expect(translate(1, 'imports.types.users', { count: 2 })).toBe(translate(1, 'imports.types.users'));
    expect(translate(1, 'imports.counts.none_such', { count: 2 })).toBe('imports.counts.none_such');
  });

  it('say a link\'s lifetime in the plural form of its hours (a configured lifetime may be 1 hour)', () => {
    const body = (languageId: number, count: number) =>
      translate(languageId, 'mail.recover_password.body', { name: 'Ana', link: 'L', hours: translate(languageId, 'mail.counts.hours', { count }) });
    expect(body(1, 1)).toContain('(válido por 1 hora, uma única vez)');
    expect(body(1, 24)).toContain('(válido por 24 horas, uma única vez)');
    expect(body(4, 1)).toContain('(valable 1 heure, une seule fois)');
  });

  it('say each count of an import log line in its own form', () => {
    const row = {
      id: 1, import_id: 1, line: null, log_type: 'info', code: 'process_finished', field: null,
      params: { created: 1, updated: 2, errors: 1 }, created_at: '2026-11-28T00:00:00Z',
    } as unknown as Parameters<typeof toImportLog>[0];
    expect(toImportLog(row, 'users', 1).content).toBe('Processamento concluído: 1 criado, 2 atualizados, 1 erro');
    expect(toImportLog(row, 'users', 2).content).toBe('Processing finished: 1 created, 2 updated, 1 error');
    const validation = { ...row, code: 'validation_finished', params: { total: 1, errors: 0 } } as typeof row;
    expect(toImportLog(validation, 'users', 3).content).toBe('Validación concluida: 1 fila, 0 con errores');
  });
});
