import { Box, Chip, LinearProgress, Typography, type ChipProps } from '@mui/material';
import { HttpError, useRecordContext, useTranslate } from 'react-admin';
import { ApiRequestError } from '@lp/shared/client';
import {
  IMPORT_LOG_TYPES, IMPORT_MAX_BYTES, IMPORT_STATUSES, IMPORT_TYPES, type ImportLog, type ImportLogType, type ImportRecord,
  type ImportStatus,
} from '@lp/shared/contract';

export const RESOURCE_KEY = 'resources.admin-imports';
export const LOGS_KEY = 'resources.admin-import-logs';

export const STATUS_COLOURS: Record<ImportStatus, ChipProps['color']> = {
  awaiting: 'default',
  processing: 'info',
  validated: 'primary',
  finalized: 'success',
  with_errors: 'error',
};

export const LOG_TYPE_COLOURS: Record<ImportLogType, ChipProps['color']> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
  success: 'success',
};

/** spec 1 §4.3: the server is still working on it (validating or processing). */
export function isRunning(status: ImportStatus | undefined): boolean {
  return status === 'awaiting' || status === 'processing';
}

/** Poll while the server works on the import, stop once it waits for the user or is done. */
export const POLL_MS = 2000;

export const importTypeChoices = IMPORT_TYPES.map((id) => ({ id, name: `${RESOURCE_KEY}.types.${id}` }));
export const importStatusChoices = IMPORT_STATUSES.map((id) => ({ id, name: `${RESOURCE_KEY}.statuses.${id}` }));
export const logTypeChoices = IMPORT_LOG_TYPES.map((id) => ({ id, name: `${LOGS_KEY}.log_types.${id}` }));

/** spec 1 §5.4: imports are .xlsx (from the template), at most 150 MB. A translation key, or null. */
export function importFileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return `${RESOURCE_KEY}.errors.not_xlsx`;
  if (file.size > IMPORT_MAX_BYTES) return 'errors.file_too_large';
  if (file.size === 0) return `${RESOURCE_KEY}.errors.empty_file`;
  return null;
}

/** The API's error code, whichever client raised it. */
export function errorCode(error: unknown): string | null {
  if (error instanceof ApiRequestError) return error.code;
  if (error instanceof HttpError) {
    const body = error.body as { code?: unknown } | undefined;
    if (typeof body?.code === 'string') return body.code;
  }
  return null;
}

/**
 * Translated message for a failed imports call: the imports wording first (a 409
 * invalid_status_transition is about the import, not a user), then `errors.{code}` (spec 1 §8.4).
 */
export function useImportErrorMessage(): (error: unknown) => string {
  const translate = useTranslate();
  return (error) => {
    const fallback = translate('errors.unexpected_error');
    const code = errorCode(error);
    if (!code) return fallback;
    return translate(`${RESOURCE_KEY}.errors.${code}`, { _: translate(`errors.${code}`, { _: fallback }) });
  };
}

export function ImportStatusChip(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<ImportRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[record.status] ?? 'default'}
      label={translate(`${RESOURCE_KEY}.statuses.${record.status}`)}
    />
  );
}

export function ImportTypeField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<ImportRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`${RESOURCE_KEY}.types.${record.import_type}`)}</span>;
}

export function LogTypeChip(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<ImportLog>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={LOG_TYPE_COLOURS[record.log_type] ?? 'default'}
      label={translate(`${LOGS_KEY}.log_types.${record.log_type}`)}
    />
  );
}

export function progressPercent(record: Pick<ImportRecord, 'processed_rows' | 'total_rows'>): number | null {
  if (!record.total_rows) return null;
  return Math.min(100, Math.floor((record.processed_rows / record.total_rows) * 100));
}

/** A bar with % while the server works on it; rows done afterwards. */
export function ImportProgress({ dense = false }: { dense?: boolean; label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext<ImportRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const percent = progressPercent(record);
  const rows =
    record.total_rows === null
      ? null
      : translate(`${RESOURCE_KEY}.progress`, { processed: record.processed_rows, total: record.total_rows, smart_count: record.total_rows });
  if (!isRunning(record.status)) return rows ? <Typography variant="body2">{rows}</Typography> : null;
  return (
    <Box sx={{ minWidth: dense ? 120 : 240 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          sx={{ flex: 1, height: dense ? 6 : 8, borderRadius: 1 }}
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={translate(`${RESOURCE_KEY}.fields.progress`)}
        />
        {percent !== null && <Typography variant="body2">{percent}%</Typography>}
      </Box>
      {!dense && rows && (
        <Typography variant="caption" color="text.secondary">
          {rows}
        </Typography>
      )}
    </Box>
  );
}

/** created / updated / errors, the errors in red when there are any. */
export function ImportCounts(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<ImportRecord>();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      {record.created_count} / {record.updated_count} /{' '}
      <Box component="span" sx={{ color: record.error_count > 0 ? 'error.main' : undefined }}>
        {record.error_count}
      </Box>
    </Typography>
  );
}
