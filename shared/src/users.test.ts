import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import {
  allowedStatusTransitions, canTransition, emailSuitsProfile, invalidEmailDomain, isApproval, isUserStatus, normalizeEmailDomains, USER_STATUSES, validateUserInput,
} from './users.ts';
import { UserInput, UserPermissions } from './contract/users.ts';
import { ADMIN_RESOURCES } from './contract/adminResources.ts';
import { ERROR_CODES } from './contract/errors.ts';

const valid = { full_name: 'Ana Souza', email: 'ana@example.com', document: '529.982.247-25', client_ids: [1] };

describe('validateUserInput', () => {
  it('accepts a complete user', () => {
    expect(validateUserInput(valid, { countryCode: 'BRA' })).toEqual({});
  });
  it('requires name and e-mail', () => {
    expect(validateUserInput({ ...valid, full_name: ' ', email: '' })).toEqual({
      full_name: 'make_sure_that_all_fields_are_filled_in', email: 'make_sure_that_all_fields_are_filled_in',
    });
  });
  it('rejects a malformed e-mail', () => {
    expect(validateUserInput({ ...valid, email: 'ana@' }).email).toBe('invalid_email');
  });
  it('checks the Brazilian document only for BRA', () => {
    expect(validateUserInput({ ...valid, document: '11111111111' }, { countryCode: 'BRA' }).document).toBe('invalid_document');
    expect(validateUserInput({ ...valid, document: '11111111111' }, { countryCode: 'ARG' }).document).toBeUndefined();
  });
  it('needs at least one client', () => {
    expect(validateUserInput({ ...valid, client_ids: [] }).client_ids).toBe('user_needs_a_client');
  });
  it('applies the password policy to a new password', () => {
    expect(validateUserInput({ ...valid, password: 'abc' }).password).toBe('password_too_short');
    expect(validateUserInput({ ...valid, password: 'abcdef' }, { passwordLevel: 'medium' }).password).toBe('password_needs_mixed_case_and_numbers');
    expect(validateUserInput({ ...valid, password: 'Abcdef1' }, { passwordLevel: 'medium' }).password).toBeUndefined();
  });
  it('answers only known error codes', () => {
    const errors = validateUserInput({ full_name: '', email: 'x', client_ids: [], password: 'a' }, { countryCode: 'BRA' });
    for (const code of Object.values(errors)) expect(ERROR_CODES).toContain(code);
  });
});

describe('user statuses', () => {
  it('lists the spec 1 §4.1 words', () => {
    for (const s of ['active', 'inactive', 'blocked', 'deleted', 'pre_registered', 'self_registered', 'awaiting_validation']) {
      expect(isUserStatus(s)).toBe(true);
    }
    expect(new Set(USER_STATUSES).size).toBe(USER_STATUSES.length);
  });
  it('deleted is final', () => {
    expect(allowedStatusTransitions('deleted')).toEqual([]);
    expect(canTransition('deleted', 'active')).toBe(false);
  });
  it('a deletion request only leaves through confirm or reject', () => {
    expect(allowedStatusTransitions('deletion_requested').sort()).toEqual(['active', 'deleted']);
  });
  it('active can be blocked, but not deleted directly', () => {
    expect(canTransition('active', 'blocked')).toBe(true);
    expect(canTransition('active', 'deleted')).toBe(false);
  });
  it('an account awaiting validation becomes active only through Approve (spec 1 §4.1: superiors approve, the user gets an e-mail)', () => {
    expect(isApproval('awaiting_validation', 'active')).toBe(true);
    expect(isApproval('awaiting_validation', 'active_webservice')).toBe(true);
    expect(isApproval('inactive', 'active')).toBe(false);
    expect(canTransition('awaiting_validation', 'active')).toBe(false);
    expect(canTransition('awaiting_validation', 'active_webservice')).toBe(false);
    expect(canTransition('awaiting_validation', 'blocked')).toBe(true);
    expect(canTransition('awaiting_validation', 'inactive')).toBe(true);
  });
});

describe('users contract', () => {
  it('UserInput requires client_ids', () => {
    expect(Value.Check(UserInput, { full_name: 'A', email: 'a@b.co', client_ids: [1] })).toBe(true);
    expect(Value.Check(UserInput, { full_name: 'A', email: 'a@b.co' })).toBe(false);
  });
  it('UserPermissions is {client_id, module_items}', () => {
    expect(Value.Check(UserPermissions, { client_id: 1, module_items: [{ slug: 'users', permission: true }] })).toBe(true);
  });
  it('organisation resources carry their spec 1 §2.3 titles', () => {
    expect(ADMIN_RESOURCES.headquarters.title).toBe('headquarter');
    expect(ADMIN_RESOURCES.branches.title).toBe('branch');
  });
});

describe('e-mail for the profile (spec 1 §5.3 "Invalid email for this profile")', () => {
  it('a profile without domains takes any e-mail', () => {
    expect(emailSuitsProfile('ana@gmail.com', [])).toBe(true);
    expect(validateUserInput({ full_name: 'Ana', email: 'ana@gmail.com', client_ids: [1] }, { profileEmailDomains: [] })).toEqual({});
  });

  it("a profile's domains, and their subdomains, whatever the case or a leading @", () => {
    expect(emailSuitsProfile('ana@acme.com', ['@ACME.com '])).toBe(true);
    expect(emailSuitsProfile('Ana@SP.Acme.com', ['acme.com'])).toBe(true);
    expect(emailSuitsProfile('ana@notacme.com', ['acme.com'])).toBe(false);
    expect(emailSuitsProfile('ana@acme.com.br', ['acme.com'])).toBe(false);
    expect(emailSuitsProfile('ana@gmail.com', ['acme.com', 'acme.com.br'])).toBe(false);
  });

  it('answers invalid_email_for_profile on the email field, after the format check', () => {
    const context = { profileEmailDomains: ['acme.com'] };
    expect(validateUserInput({ full_name: 'Ana', email: 'ana@gmail.com', client_ids: [1] }, context)).toEqual({ email: 'invalid_email_for_profile' });
    expect(validateUserInput({ full_name: 'Ana', email: 'not-an-email', client_ids: [1] }, context)).toEqual({ email: 'invalid_email' });
    expect(validateUserInput({ full_name: 'Ana', email: 'ana@acme.com', client_ids: [1] }, context)).toEqual({});
  });

  it('stores domains normalised and finds the first that is not a domain name', () => {
    expect(normalizeEmailDomains([' @Acme.com', 'acme.com', '', 'sp.acme.com'])).toEqual(['acme.com', 'sp.acme.com']);
    expect(invalidEmailDomain(['acme.com', 'acme.com.br'])).toBeNull();
    expect(invalidEmailDomain(['acme.com', 'acme'])).toBe('acme');
    expect(invalidEmailDomain(['a b.com'])).toBe('a b.com');
    expect(invalidEmailDomain(['ana@acme.com'])).toBe('ana@acme.com');
  });
});
