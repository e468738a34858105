import { Type, type Static } from '@sinclair/typebox';
import { UserSummary } from './organisation.ts';

/**
 * Admin users and organisation (spec 1 §3.4–3.8, §4.1–4.2, §8.3). Wire names follow the spec.
 * Organisation links (profile_id, area_ids, group_ids) are those of the selected client.
 */
const NullableInt = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

/** spec 1 §3.4 gender: male, female, or a free entry such as non-binary. */
export const Gender = Type.Union([Type.String({ maxLength: 40 }), Type.Null()]);

const TextUpTo = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);

/** spec 1 §3.4 address, other phones, personal and organisation details (all optional). */
export const UserDetails = Type.Object({
  postal_code: TextUpTo(20),
  address: TextUpTo(200),
  number: TextUpTo(20),
  complement: TextUpTo(100),
  neighborhood: TextUpTo(100),
  city: TextUpTo(100),
  state: TextUpTo(60),
  commercial_phone: TextUpTo(30),
  residential_phone: TextUpTo(30),
  whatsapp: TextUpTo(30),
  /** shared MARITAL_STATUSES */
  marital_status: TextUpTo(20),
  number_of_children: Type.Union([Type.Integer({ minimum: 0, maximum: 30 }), Type.Null()]),
  is_handicapped: Type.Boolean(),
  handicap_description: TextUpTo(300),
  /** YYYY-MM-DD */
  admission_date: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()]),
  store_manager: Type.Boolean(),
  /** spec 1 §3.4 sex: a code of shared GENDERS (lookups/genders/) */
  sex: TextUpTo(20),
  /** spec 1 §3.4 country_of_residence (a country id, like country_id) */
  country_of_residence_id: NullableInt,
  /** spec 1 §3.4 timezone: an IANA zone name (lookups/timezones/) */
  timezone: TextUpTo(64),
  /** spec 1 §3.4 user_type: a code of shared USER_TYPES (lookups/user_types/) */
  user_type: TextUpTo(30),
});
export type UserDetails = Static<typeof UserDetails>;

/** One row of GET /api/admin_users/users/ (also the shape of the detail below). */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  // identity
  full_name: Type.String(),
  nick_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  document: Type.Union([Type.String(), Type.Null()]),
  register: Type.Union([Type.String(), Type.Null()]),
  gmin_number: Type.Union([Type.String(), Type.Null()]),
  sap_code: Type.Union([Type.String(), Type.Null()]),
  // personal
  gender: Gender,
  /** YYYY-MM-DD */
  birthday: Type.Union([Type.String(), Type.Null()]),
  mobile_country_code: Type.Union([Type.String(), Type.Null()]),
  mobile_area_code: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  country_id: Type.Union([Type.Integer(), Type.Null()]),
  ...UserDetails.properties,
  // organisation (selected client)
  profile_id: Type.Union([Type.Integer(), Type.Null()]),
  area_ids: Type.Array(Type.Integer()),
  group_ids: Type.Array(Type.Integer()),
  branch_id: Type.Union([Type.Integer(), Type.Null()]),
  client_ids: Type.Array(Type.Integer()),
  /** spec 1 §3.4 "superiors (approvers)" in the selected client (§4.1: they approve the account) */
  superior_ids: Type.Array(Type.Integer()),
  superiors_list: Type.Array(UserSummary),
  /** spec 1 §3.4 main_area: one of area_ids */
  main_area_id: Type.Union([Type.Integer(), Type.Null()]),
  /** spec 1 §3.4 mandatory areas (among area_ids) and profiles, in the selected client */
  mandatory_area_ids: Type.Array(Type.Integer()),
  mandatory_profile_ids: Type.Array(Type.Integer()),
  /** spec 1 §3.4 image: the stored profile picture's media path (send it back to keep it) and its URL */
  image: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  // state
  status: Type.String(),
  is_superuser: Type.Boolean(),
  must_change_password: Type.Boolean(),
  date_joined: Type.String(),
  /** spec 1 §3.4 date_updated: the last change of the account */
  date_updated: Type.String(),
  /** spec 1 §3.4 accept_terms_date: the user's latest acceptance of the client's terms (the consent record), null when none */
  accept_terms_date: Type.Union([Type.String(), Type.Null()]),
  /** spec 1 §3.4 enrollment_date: when the user was enrolled in the selected client (the account's creation for older links) */
  enrollment_date: Type.Union([Type.String(), Type.Null()]),
  /** spec 1 §4.2: set while a deletion request waits for an administrator */
  deletion_requested_at: Type.Union([Type.String(), Type.Null()]),
  anonymized_at: Type.Union([Type.String(), Type.Null()]),
});
export type AdminUser = Static<typeof AdminUser>;
export const AdminUserDetail = AdminUser;
export type AdminUserDetail = AdminUser;

/** POST /api/admin_users/users/ and PUT …/{id}/ body. `password` only sets a new password. */
export const UserInput = Type.Object({
  full_name: Type.String({ maxLength: 150 }),
  nick_name: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  email: Type.String({ maxLength: 254 }),
  document: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  register: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  gmin_number: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  sap_code: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  gender: Type.Optional(Gender),
  birthday: Type.Optional(Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()])),
  mobile_country_code: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
  mobile_area_code: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
  mobile: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  country_id: Type.Optional(NullableInt),
  ...Type.Partial(UserDetails).properties,
  profile_id: Type.Optional(NullableInt),
  area_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
  group_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
  branch_id: Type.Optional(NullableInt),
  /** spec 1 §3.4 email_confirm: the e-mail typed again; when sent it must be the same (not stored) */
  email_confirm: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
  /** one of area_ids; omitted: kept */
  main_area_id: Type.Optional(NullableInt),
  /** areas among area_ids, profiles of the selected client; omitted: kept */
  mandatory_area_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
  mandatory_profile_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
  /**
   * The profile picture: a finished tus upload of USER_IMAGE_UPLOAD_KIND (jpg, png or gif, spec 1
   * §5.4), the stored path to keep it, or null to remove it; omitted: kept.
   */
  image: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  /** users of the selected client, not the user themself; omitted: kept */
  superior_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
  client_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
  status: Type.Optional(Type.String({ maxLength: 40 })),
  password: Type.Optional(Type.String({ maxLength: 256 })),
  /**
   * Creation only: `set` — `password` is the new user's password (required); `email` — the user
   * is sent a first-access link to choose one (any `password` is ignored). Omitted: `password`
   * when given, else no usable password until a reset.
   */
  password_choice: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('set')])),
});
export type UserInput = Static<typeof UserInput>;

/** tus metadata `kind` of a user's profile picture (spec 1 §5.4 profile images .jpg, .png, .gif). */
export const USER_IMAGE_UPLOAD_KIND = 'user_image';

/** GET/PUT /api/admin_users/users/{id}/permissions/ — one client's module items (spec 1 §6.1). */
export const UserPermissions = Type.Object({
  client_id: Type.Integer({ minimum: 1 }),
  module_items: Type.Array(Type.Object({ slug: Type.String({ maxLength: 60 }), permission: Type.Boolean() }), { maxItems: 500 }),
});
export type UserPermissions = Static<typeof UserPermissions>;
/** GET query: `?client_id=` (defaults to the selected client). */
export const UserPermissionsQuery = Type.Object({ client_id: Type.Optional(Type.Integer({ minimum: 1 })) });

/** POST …/{id}/reset_password/ */
export const ResetPasswordRequest = Type.Object({ mode: Type.Union([Type.Literal('email'), Type.Literal('default')]) });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

/** POST …/{id}/login_as/ answer: a token pair for the target user (administrative view). */
export const LoginAsResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type LoginAsResponse = Static<typeof LoginAsResponse>;

// ---- organisation (spec 1 §3.5–3.7) ----

const Name = Type.String({ minLength: 1, maxLength: 150 });
const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const Text = Type.Union([Type.String(), Type.Null()]);

/** Address fields shared by headquarters and branches. */
const AddressOut = {
  postal_code: Text, address: Text, number: Text, complement: Text, neighborhood: Text,
  city: Text, state: Text, country_id: Type.Union([Type.Integer(), Type.Null()]),
};
const AddressIn = {
  postal_code: OptText(20), address: OptText(200), number: OptText(20), complement: OptText(100),
  neighborhood: OptText(100), city: OptText(100), state: OptText(60), country_id: Type.Optional(NullableInt),
};

export const Headquarter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company_name: Text,
  fantasy_name: Text,
  company_document: Type.String(),
  /** spec 1 §3.5 company type: a code of shared COMPANY_TYPES (lookups/company_types/) */
  company_type: Text,
  /** spec 1 §3.5 quantity of branches the company declares */
  quantity_of_branches: Type.Union([Type.Integer(), Type.Null()]),
  ...AddressOut,
  created_at: Type.String(),
});
export type Headquarter = Static<typeof Headquarter>;
export const HeadquarterInput = Type.Object({
  name: Name,
  company_name: OptText(150),
  fantasy_name: OptText(150),
  company_document: Type.String({ minLength: 1, maxLength: 50 }),
  company_type: OptText(30),
  quantity_of_branches: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
  ...AddressIn,
});
export type HeadquarterInput = Static<typeof HeadquarterInput>;

/** spec 1 §3.6 branch details (all optional; company_document unique per client, §5.3). */
export const BranchDetails = Type.Object({
  company_document: TextUpTo(50),
  register: TextUpTo(50),
  cd_matriz: TextUpTo(50),
  economic_group: TextUpTo(100),
  division: TextUpTo(100),
  district: TextUpTo(100),
  region: TextUpTo(100),
  area_email: TextUpTo(254),
  /** YYYY-MM-DD */
  opened_date: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()]),
  closed_date: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()]),
  latitude: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()]),
  longitude: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]),
  retailer: Type.Boolean(),
  /** spec 1 §3.6 store code (the store's own code, beside the platform's `code`) */
  store_code: TextUpTo(50),
  organization_type: TextUpTo(100),
  operational_area: TextUpTo(100),
  /** spec 1 §3.6 managers: people of the client */
  general_manager_id: NullableInt,
  regional_manager_id: NullableInt,
});
export type BranchDetails = Static<typeof BranchDetails>;

export const Branch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  store_name: Text,
  code: Text,
  store_document: Text,
  branch_type_id: Type.Union([Type.Integer(), Type.Null()]),
  size_type_id: Type.Union([Type.Integer(), Type.Null()]),
  headquarter_id: Type.Union([Type.Integer(), Type.Null()]),
  regional_id: Type.Union([Type.Integer(), Type.Null()]),
  ...AddressOut,
  ...BranchDetails.properties,
  /** the managers as people (the form shows their names) */
  general_manager: Type.Union([UserSummary, Type.Null()]),
  regional_manager: Type.Union([UserSummary, Type.Null()]),
  created_at: Type.String(),
});
export type Branch = Static<typeof Branch>;
export const BranchInput = Type.Object({
  name: Name,
  store_name: OptText(150),
  code: OptText(50),
  store_document: OptText(50),
  branch_type_id: Type.Optional(NullableInt),
  size_type_id: Type.Optional(NullableInt),
  headquarter_id: Type.Optional(NullableInt),
  regional_id: Type.Optional(NullableInt),
  ...AddressIn,
  ...Type.Partial(BranchDetails).properties,
});
export type BranchInput = Static<typeof BranchInput>;

/** Branch types, branch size types and regionals: a named row of the selected client. */
export const NamedItem = Type.Object({ id: Type.Integer(), name: Type.String(), created_at: Type.String() });
export const NamedItemInput = Type.Object({ name: Name });
export type NamedItemInput = Static<typeof NamedItemInput>;
export const BranchType = NamedItem;
export type BranchType = Static<typeof NamedItem>;
export const BranchTypeInput = NamedItemInput;
export const BranchSizeType = NamedItem;
export type BranchSizeType = Static<typeof NamedItem>;
export const BranchSizeTypeInput = NamedItemInput;
export const Regional = NamedItem;
export type Regional = Static<typeof NamedItem>;
export const RegionalInput = NamedItemInput;

/** Countries are global (not per client); `code` is ISO 3166-1 alpha-3 (spec 1 §5.2 masks: BRA, ARG, URY). */
export const Country = Type.Object({
  id: Type.Integer(), name: Type.String(), code: Type.String(), created_at: Type.String(),
  /** spec 1 §5.2: the document is shown with the country's mask */
  use_document_mask: Type.Boolean(),
});
export type Country = Static<typeof Country>;
export const CountryInput = Type.Object({
  name: Name, code: Type.String({ minLength: 3, maxLength: 3 }),
  use_document_mask: Type.Optional(Type.Boolean()),
});
export type CountryInput = Static<typeof CountryInput>;
