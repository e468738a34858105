import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { toHttpError } from '../http/httpErrors.ts';
import { fieldCodesOf, formErrorsOf, nestErrors, readSaveFailure } from './serverErrors.ts';

describe('server errors onto the form', () => {
  it('a validation refusal names its fields as errors.{code} and its notice', () => {
    const failure = toHttpError(400, { detail: 'x', code: 'title_too_long', fields: { title: 'title_too_long' } });
    expect(readSaveFailure(failure)).toEqual({ notice: 'errors.title_too_long', fields: { title: 'errors.title_too_long' } });
    expect(fieldCodesOf(failure)).toEqual({ title: 'title_too_long' });
  });

  it('a uniqueness code without fields names its own field', () => {
    const failure = toHttpError(409, { detail: 'taken', code: 'company_document_not_unique' });
    expect(readSaveFailure(failure).fields).toEqual({ company_document: 'errors.company_document_not_unique' });
  });

  it('an unknown code keeps the generic notice; anything that is not an HttpError maps to nothing', () => {
    expect(readSaveFailure(toHttpError(500, { detail: 'x', code: 'no_such_code' })).notice).toBe('ra.notification.http_error');
    expect(readSaveFailure(new Error('offline'))).toEqual({ notice: undefined, fields: undefined });
    expect(readSaveFailure(new HttpError('m', 400, {})).fields).toBeUndefined();
  });

  it('dotted and renamed fields become the nested form fields react-hook-form reads', () => {
    expect(nestErrors({ 'translations.en.title': 'e', unpublish_date: 'u' }, { unpublish_date: 'unpublish_date_shown' }))
      .toEqual({ translations: { en: { title: 'e' } }, unpublish_date_shown: 'u' });
    const failure = toHttpError(400, { detail: 'x', code: 'validation_error', fields: { publish_date: 'required' } });
    expect(formErrorsOf(failure, { publish_date: 'publish_date_local' })).toEqual({ publish_date_local: 'errors.required' });
  });
});
