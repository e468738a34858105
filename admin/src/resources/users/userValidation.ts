import { useCallback } from 'react';
import { useGetList } from 'react-admin';
import { validateUserInput, type UserInputLike } from '@lp/shared/rules';

export interface CountryOption {
  id: number;
  name: string;
  /** ISO alpha-3 (spec 1 §5.2 masks: BRA, ARG, URY) */
  code: string;
}

/** Countries for the country select, the document mask and the Brazilian check. */
export function useCountries(): CountryOption[] {
  const { data } = useGetList<CountryOption>('lookup_countries', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data ?? [];
}

export function countryCodeOf(countries: readonly CountryOption[], countryId: unknown): string | null {
  return countries.find((c) => c.id === countryId)?.code ?? null;
}

type UserFormValues = UserInputLike & { country_id?: number | null; profile_id?: number | null };

export interface ProfileOption {
  id: number;
  name: string;
  /** spec 1 §5.3 "Invalid email for this profile" (empty: any e-mail) */
  email_domains: string[];
}

/** The selected client's profiles with their e-mail domains (GET /lookups/profiles/). */
export function useProfiles(): ProfileOption[] {
  const { data } = useGetList<ProfileOption>('lookup_profiles', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data ?? [];
}

/**
 * The form's `validate`: the same rules the server runs (shared `validateUserInput`), each
 * error code shown as its translation `errors.{code}`.
 */
export function useUserValidator(isNew: boolean) {
  const countries = useCountries();
  const profiles = useProfiles();
  return useCallback(
    (values: Record<string, unknown>) => {
      const input = values as UserFormValues;
      const errors = validateUserInput(input, {
        countryCode: countryCodeOf(countries, input.country_id),
        isNew,
        profileEmailDomains: profiles.find((p) => p.id === input.profile_id)?.email_domains ?? [],
      });
      return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`]));
    },
    [countries, profiles, isNew],
  );
}
