import { Type, type Static } from '@sinclair/typebox';

/**
 * spec 1 §3.8 admin lookup lists, under the names the spec gives them. Any signed-in user of the
 * selected client reads them; the labels come in the caller's language.
 */
export const LOOKUP_LIST_PATHS = {
  /** shared GENDERS: `[{id: code, name}]` */
  genders: '/lookups/genders/',
  /** shared PHONE_TYPES */
  phone_types: '/lookups/phone_types/',
  /** shared USER_TYPES */
  user_types: '/lookups/user_types/',
  /** shared COMPANY_TYPES */
  company_types: '/lookups/company_types/',
  /** every IANA zone, `{id: zone, name: '(GMT-03:00) America/Sao_Paulo'}`, sorted by offset (spec 4 "Dates") */
  timezones: '/lookups/timezones/',
  /** the client's profiles a person registers with, named in the caller's language (their translations) */
  register_profiles: '/lookups/register_profiles/',
} as const;
export type LookupListName = keyof typeof LOOKUP_LIST_PATHS;

/** A code list's entry: the stored code and its label. */
export const CodeOption = Type.Object({ id: Type.String(), name: Type.String() });
export type CodeOption = Static<typeof CodeOption>;

export const NamedOption = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedOption = Static<typeof NamedOption>;
