import type { ImportLog, ImportRecord } from '@lp/shared/contract';

export function importRecord(overrides: Partial<ImportRecord> = {}): ImportRecord {
  return {
    id: 7,
    import_type: 'users',
    status: 'finalized',
    phase: null,
    file_name: 'usuarios.xlsx',
    total_rows: 10,
    processed_rows: 10,
    created_count: 3,
    updated_count: 1,
    error_count: 2,
    created_by: { id: 1, full_name: 'Ana Admin' },
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:05:00Z',
    finished_at: '2026-11-21T10:05:00Z',
    ...overrides,
  };
}

export function importLog(overrides: Partial<ImportLog> = {}): ImportLog {
  return {
    id: 1,
    import_type: 'users',
    log_type: 'error',
    line: 3,
    code: 'invalid_email',
    field: 'email',
    content: 'Endereço de e-mail inválido',
    created_at: '2026-11-21T10:01:00Z',
    ...overrides,
  };
}
