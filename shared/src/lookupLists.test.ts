import { describe, expect, it } from 'vitest';
import { validateHeadquarterDetails } from './branches.ts';
import { librarySlug, validateLibraryFile, validateLibrarySlug } from './library.ts';
import { CODE_LISTS, codeLabelKey, isCodeOf } from './lookupLists.ts';
import { validateUserOrganisation } from './users.ts';

describe('spec 1 §3.8 code lists', () => {
  it('know their codes and name their labels', () => {
    expect(isCodeOf('genders', 'female')).toBe(true);
    expect(isCodeOf('user_types', 'alien')).toBe(false);
    expect(Object.keys(CODE_LISTS).sort()).toEqual(['company_types', 'genders', 'phone_types', 'user_types']);
    expect(codeLabelKey('company_types', 'chain')).toBe('lookups.company_types.chain');
  });
});

describe('spec 1 §3.4 user organisation rule', () => {
  it('checks the e-mail confirmation, codes, zone, and the main and mandatory areas among the areas', () => {
    expect(validateUserOrganisation({ email: 'a@b.com', email_confirm: 'A@B.com ', sex: 'male', user_type: 'employee', timezone: 'America/Sao_Paulo', area_ids: [1, 2], main_area_id: 2, mandatory_area_ids: [1] })).toEqual({});
    expect(validateUserOrganisation({ email: 'a@b.com', email_confirm: 'c@b.com', sex: 'x', user_type: 'y', timezone: 'Nowhere/Land', area_ids: [1], main_area_id: 2, mandatory_area_ids: [3] })).toEqual({
      email_confirm: 'email_confirmation_mismatch', sex: 'validation_error', user_type: 'validation_error', timezone: 'validation_error',
      main_area_id: 'main_area_not_chosen', mandatory_area_ids: 'mandatory_audience_not_chosen',
    });
  });
});

describe('spec 1 §3.5 headquarter details', () => {
  it('takes a company type of the list and a whole quantity of branches', () => {
    expect(validateHeadquarterDetails({ company_type: 'chain', quantity_of_branches: 0 })).toEqual({});
    expect(validateHeadquarterDetails({ company_type: 'cartel', quantity_of_branches: 1.5 })).toEqual({ company_type: 'validation_error', quantity_of_branches: 'validation_error' });
  });
});

describe('spec 3 §3 library slug', () => {
  it('is made from the title when empty, and must be what the slug helper makes', () => {
    expect(librarySlug('', 'Política de Trocas 100%')).toBe('politica-de-trocas-100pct');
    expect(librarySlug(' minha-pagina ', 'x')).toBe('minha-pagina');
    expect(validateLibrarySlug('Minha Página')).toBe('invalid_slug');
    expect(validateLibrarySlug('a'.repeat(201))).toBe('invalid_slug');
    const base = { title: 'T', category: 1, resource: 'up', user_groups: [1] };
    expect(validateLibraryFile({ ...base, slug: 'Bad Slug' }).slug).toBe('invalid_slug');
    expect(validateLibraryFile({ ...base, title: '%%%' }).slug).toBeUndefined();
    expect(validateLibraryFile({ ...base, title: '!!!' }).slug).toBe('invalid_slug');
    expect(validateLibraryFile({ ...base, introduction: 'x'.repeat(2001) }).introduction).toBe('introduction_too_long');
  });
});
