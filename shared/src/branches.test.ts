import { describe, expect, it } from 'vitest';
import { validateBranchDetails } from './branches.ts';

describe('branch details (spec 1 §3.6)', () => {
  it('accepts empty details and a well-formed area e-mail and dates', () => {
    expect(validateBranchDetails({})).toEqual({});
    expect(validateBranchDetails({ area_email: 'loja12@acme.com', opened_date: '2020-01-31', closed_date: '2020-01-31' })).toEqual({});
  });

  it('refuses an invalid area e-mail and a closing before the opening', () => {
    expect(validateBranchDetails({ area_email: 'loja12', opened_date: '2021-05-01', closed_date: '2021-04-30' }))
      .toEqual({ area_email: 'invalid_email', closed_date: 'closed_before_opened' });
  });
});
