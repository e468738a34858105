import { describe, expect, it } from 'vitest';
import { registerFieldsOf, validateRegisterFields, validateRegistration } from './registration.ts';

const base = { full_name: 'Vera', email: 'vera@example.com', password: 'secret1', confirm_password: 'secret1' };

describe('self sign-up rules (spec 1 §2.1 register, §3.3, §5.1)', () => {
  it('keeps the known configured fields once, in order', () => {
    expect(registerFieldsOf(['Mobile', 'document', 'name', 'document', 'shoe_size'])).toEqual(['mobile', 'document']);
  });

  it('accepts the always-asked fields at the low level', () => {
    expect(validateRegistration(base, { fields: [], level: 'low' })).toEqual({});
  });

  it('requires the configured fields (the mobile with its area code)', () => {
    expect(validateRegistration(base, { fields: ['document', 'mobile', 'birthday'], level: 'low' })).toEqual({
      document: 'make_sure_that_all_fields_are_filled_in', mobile_area_code: 'make_sure_that_all_fields_are_filled_in',
      mobile: 'make_sure_that_all_fields_are_filled_in', birthday: 'make_sure_that_all_fields_are_filled_in',
    });
  });

  it('applies password_strong_level and the confirmation', () => {
    expect(validateRegistration(base, { fields: [], level: 'medium' }).password).toBe('password_needs_mixed_case_and_numbers');
    expect(validateRegistration({ ...base, password: 'Secret12', confirm_password: 'Secret12' }, { fields: [], level: 'strong' }).password)
      .toBe('password_needs_symbol');
    expect(validateRegistration({ ...base, password: 'Secret#12', confirm_password: 'Secret#12' }, { fields: [], level: 'strong' })).toEqual({});
    expect(validateRegistration({ ...base, confirm_password: 'other' }, { fields: [], level: 'low' }).confirm_password).toBe('password_confirmation_mismatch');
    expect(validateRegistration({ ...base, confirm_password: '' }, { fields: [], level: 'low' }).confirm_password).toBe('make_sure_that_all_fields_are_filled_in');
  });

  it('checks the e-mail, the document, the date and the phone', () => {
    const errors = validateRegistration({ ...base, email: 'vera@', document: '1-2', birthday: '17/05/1990', mobile: '9x12' }, { fields: [], level: 'low' });
    expect(errors).toEqual({ email: 'invalid_email', document: 'invalid_document', birthday: 'validation_error', mobile: 'invalid_phone' });
  });

  it('asks the import code when register.fields names it, and checks its form whenever one is sent (spec 1 §2.3 import-code)', () => {
    expect(validateRegistration(base, { fields: ['import_code'], level: 'low' })).toEqual({ import_code: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateRegistration({ ...base, import_code: 'LOJAS-SUL' }, { fields: ['import_code'], level: 'low' })).toEqual({});
    expect(validateRegistration({ ...base, import_code: 'a b' }, { fields: [], level: 'low' })).toEqual({ import_code: 'invalid_import_code' });
    // completing a pre-registered account asks no code
    expect(validateRegisterFields({ full_name: 'Vera' }, ['import_code'])).toEqual({});
  });
});
