import { useCallback } from 'react';
import { useGetList, usePermissions } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS, validateUserInput, type UserInputLike } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export interface CountryOption {
  id: number;
  name: string;
  /** ISO alpha-3 (spec 1 §5.2 masks: BRA, ARG, URY) */
  code: string;
  /** spec 1 §5.2: the document is shown with the country's mask */
  use_document_mask?: boolean;
}

const COUNTRIES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/** Countries for the country select, the document mask and the Brazilian check. */
export function useCountries(): CountryOption[] {
  return useCountryList().countries;
}

/** The countries and whether they are still loading (the create form waits for them to start with the default country). */
export function useCountryList(): { countries: CountryOption[]; isPending: boolean } {
  const { data, isPending } = useGetList<CountryOption>('lookup_countries', COUNTRIES);
  return { countries: data ?? [], isPending };
}

/** The selected client's default country code (spec 1 §5.2; ClientSettings.default_country_code), null when it has none. */
export function useDefaultCountryCode(): string | null {
  const { permissions: user } = usePermissions<SessionUser | null>();
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user?.user_clients[0];
  const code = (client?.settings.default_country_code ?? DEFAULT_CLIENT_SETTINGS.default_country_code).trim().toUpperCase();
  return code || null;
}

/**
 * The code whose document rules apply: the chosen country's, else the client's default — the
 * server decides the same way, so a form without a country still checks a Brazilian document.
 */
export function countryCodeOf(countries: readonly CountryOption[], countryId: unknown, defaultCode: string | null = null): string | null {
  if (countryId == null || countryId === '') return defaultCode;
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
  const defaultCode = useDefaultCountryCode();
  return useCallback(
    (values: Record<string, unknown>) => {
      const input = values as UserFormValues;
      const errors = validateUserInput(input, {
        countryCode: countryCodeOf(countries, input.country_id, defaultCode),
        isNew,
        profileEmailDomains: profiles.find((p) => p.id === input.profile_id)?.email_domains ?? [],
      });
      return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`]));
    },
    [countries, profiles, isNew, defaultCode],
  );
}
