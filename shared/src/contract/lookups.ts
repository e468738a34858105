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

/**
 * The small option lists of the control panel's forms (spec 1 §3.8), each scoped to the selected
 * client (countries are global). One path per list, and one path that answers several lists at
 * once: an editor asks for its lookups in one request instead of one per select.
 */
export const LOOKUP_NAMES = [
  'areas', 'profiles', 'user_groups', 'headquarters', 'branches', 'branch_types', 'branch_size_types', 'regionals', 'countries',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

/** GET one list: `/lookups/{name}/` */
export const lookupPath = (name: LookupName) => `/lookups/${name}/`;
/** GET several lists: `/lookups/?names=areas,profiles` answers `{ areas: […], profiles: […] }` */
export const LOOKUPS_PATH = '/lookups/';

export const LookupOption = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LookupOption = Static<typeof LookupOption>;
/** a named row of the client's (profiles for registration): the lookups' option */
export const NamedOption = LookupOption;
export type NamedOption = LookupOption;
/** the e-mail domains go with the profile: the user form checks "Invalid email for this profile" as the server does */
export const ProfileLookupOption = Type.Object({ id: Type.Integer(), name: Type.String(), email_domains: Type.Array(Type.String()) });
/** code is ISO alpha-3 (document masks, spec 1 §5.2) */
export const CountryLookupOption = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String(), use_document_mask: Type.Boolean() });

/** `names`: the lists wanted, comma-separated, each at most once (an unknown name is a 400) */
export const LookupsQuery = Type.Object({
  names: Type.String({ pattern: `^(${LOOKUP_NAMES.join('|')})(,(${LOOKUP_NAMES.join('|')}))*$`, maxLength: 200 }),
});
export type LookupsQuery = Static<typeof LookupsQuery>;

const list = <T extends typeof LookupOption | typeof ProfileLookupOption | typeof CountryLookupOption>(option: T) => Type.Optional(Type.Array(option));
/** the lists asked for, under their names */
export const LookupsAnswer = Type.Object({
  areas: list(LookupOption),
  profiles: list(ProfileLookupOption),
  user_groups: list(LookupOption),
  headquarters: list(LookupOption),
  branches: list(LookupOption),
  branch_types: list(LookupOption),
  branch_size_types: list(LookupOption),
  regionals: list(LookupOption),
  countries: list(CountryLookupOption),
});
export type LookupsAnswer = Static<typeof LookupsAnswer>;
