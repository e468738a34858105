import { HttpError } from 'react-admin';
import { ERROR_CODES, isApiError, type ApiError } from '@lp/shared/contract';

const KNOWN_CODES: readonly string[] = ERROR_CODES;

/**
 * The field codes of a refusal body (docs/api.md errors: `{detail, code, fields?}`). A uniqueness
 * code without `fields` names its own field (`company_document_not_unique` → company_document).
 */
export function fieldCodesOfBody(body: ApiError): Record<string, string> | undefined {
  if (body.fields) return { ...body.fields };
  const unique = /^(.+)_not_unique$/.exec(body.code);
  return unique?.[1] ? { [unique[1]]: body.code } : undefined;
}

/**
 * `{detail, code, fields?}` → HttpError whose message is the translation key `errors.{code}`;
 * the field errors ride in `body.errors` (`{field: 'errors.{code}'}`), where react-admin's forms
 * read them, keeping the user's input.
 */
export function toHttpError(status: number, body: unknown): HttpError {
  if (isApiError(body)) {
    const key = KNOWN_CODES.includes(body.code) ? `errors.${body.code}` : 'ra.notification.http_error';
    const codes = fieldCodesOfBody(body);
    const fields = codes
      ? Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, `errors.${code}`]))
      : undefined;
    return new HttpError(key, status, fields ? { ...body, errors: fields } : body);
  }
  return new HttpError(status === 403 ? 'errors.permission_denied' : 'ra.notification.http_error', status, body);
}

/** `attachment; filename="x.xlsx"` (or RFC 5987 `filename*=UTF-8''x.xlsx`) → `x.xlsx` */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}
