import { useCallback } from 'react';
import { HttpError, useNotify } from 'react-admin';

/** What a refused save tells the form: the top notice's key and each field's message key. */
export interface SaveFailure {
  /** `errors.{code}` (or react-admin's generic key) for an HttpError; undefined for anything else */
  notice: string | undefined;
  /** field path → `errors.{code}`, when the server named fields */
  fields: Record<string, string> | undefined;
}

/** The field codes a refusal names (`{detail, code, fields}` kept by toHttpError as the error's body). */
export function fieldCodesOf(failure: unknown): Record<string, string> {
  const fields = (failure as { body?: { fields?: unknown } } | null)?.body?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** A field's message for an error code: a missing value says "required" (the notice says the rest). */
export const fieldMessage = (code: string) =>
  (code === 'make_sure_that_all_fields_are_filled_in' ? 'ra.validation.required' : `errors.${code}`);

/** Reads a failed save: the HttpError's message key and the field messages it carries. */
export function readSaveFailure(failure: unknown): SaveFailure {
  if (!(failure instanceof HttpError)) return { notice: undefined, fields: undefined };
  const errors = (failure.body as { errors?: Record<string, string> } | undefined)?.errors;
  return { notice: failure.message, fields: errors && Object.keys(errors).length > 0 ? errors : undefined };
}

/**
 * `{'a.b': msg}` → `{a: {b: msg}}`: react-hook-form reads nested errors for nested fields.
 * `fieldMap` renames contract fields to the form's (a form may keep a field under its own name).
 */
export function nestErrors(flat: Record<string, string>, fieldMap: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = (fieldMap[path] ?? path).split('.');
    let node = out;
    keys.slice(0, -1).forEach((key) => {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = message;
  }
  return out;
}

/**
 * The top notice of a failed save: a fixed key, a choice from the failure, or null for none
 * (some screens only log, spec 3 §8).
 */
export type SaveNotice = string | null | ((failure: SaveFailure) => string | null);

export interface SaveErrorOptions {
  notice: SaveNotice;
  /** contract field → form field, for forms that keep a field under another name */
  fieldMap?: Readonly<Record<string, string>>;
}

/** The form errors a save handler returns (react-admin puts each on its input), or undefined. */
export function formErrorsOf(failure: unknown, fieldMap?: Readonly<Record<string, string>>): Record<string, unknown> | undefined {
  const { fields } = readSaveFailure(failure);
  return fields ? nestErrors(fields, fieldMap) : undefined;
}

/**
 * The one mapping of a refused save onto the form: returns the field errors for the form's submit
 * handler to hand back (react-admin sets them with setError), so everything the user typed stays.
 * A refusal that names fields is announced by the form's FormErrorPresenter, with the refusal's
 * own code as its notice (`root.serverError`, which react-admin's forms read too), and its first
 * field focused; one that names none shows `notice` here.
 */
export function useSaveErrors() {
  const notify = useNotify();
  return useCallback((failure: unknown, { notice, fieldMap }: SaveErrorOptions) => {
    const report = readSaveFailure(failure);
    if (report.fields) {
      const nested = nestErrors(report.fields, fieldMap);
      return report.notice?.startsWith('errors.') ? { ...nested, root: { serverError: report.notice } } : nested;
    }
    const key = typeof notice === 'function' ? notice(report) : notice;
    if (key) notify(key, { type: 'error' });
    return undefined;
  }, [notify]);
}
