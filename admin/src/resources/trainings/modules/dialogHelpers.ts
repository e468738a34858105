/** Bytes as people read them: B, KB, MB, GB (one decimal from MB up). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** The field codes of an API refusal (`{detail, code, fields}` kept by toHttpError as the error's body). */
export function fieldCodesOf(error: unknown): Record<string, string> {
  const body = (error as { body?: { fields?: unknown } } | null)?.body;
  const fields = body?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** A field's message for an error code: a missing value says "required" (the notice says the rest). */
export const fieldMessage = (code: string) =>
  (code === 'make_sure_that_all_fields_are_filled_in' ? 'ra.validation.required' : `errors.${code}`);
