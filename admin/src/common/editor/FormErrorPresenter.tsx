import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { errorPaths, inFormOrder, noticeOf, revealField } from './formErrors.ts';

/**
 * The one presentation of a refused save, inside every editor form (EditorForm, EditorTabbedForm):
 * after a submit that ends with errors — the form's own rules or the server's `{code, fields}`,
 * which react-admin has put on their fields — it shows one notice naming the problem (noticeOf)
 * and opens, scrolls to and focuses the first invalid field, on whichever tab or section it is
 * (spec 1 §2.3 "Form errors scroll to the first invalid field", §8.5; spec 2 §5). The form it sits
 * in turns react-admin's own "invalid form" notice off (`disableInvalidFormNotification`).
 */
export function FormErrorPresenter() {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const anchor = useRef<HTMLSpanElement>(null);
  const notify = useNotify();

  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const paths = errorPaths(errors);
    const hasRoot = !!errors.root;
    if (paths.length === 0 && !hasRoot) return;
    const form = anchor.current?.closest('form') ?? anchor.current?.parentElement ?? null;
    const ordered = form ? inFormOrder(form, paths) : paths.map((path) => ({ path, element: null }));
    const first = ordered[0];
    const { key, args } = noticeOf(errors, first?.path);
    notify(key, { type: 'error', messageArgs: { _: key, ...args } });
    if (form && first?.element) void revealField(form, first.path, first.element);
  }, [submitCount, errors, notify]);

  return <span ref={anchor} hidden data-form-errors="" />;
}
