import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { LEARNER_MENU_KEYS, LEARNER_MENU_LABEL_MAX } from '../learnerMenu.ts';

export const ModuleItemSchema = Type.Object({ slug: Type.String(), permission: Type.Boolean() });

/** One entry of a client's learner menu (shared/src/learnerMenu.ts): label '' keeps the portal's word. */
export const LearnerMenuItem = Type.Object({
  key: literalUnion(LEARNER_MENU_KEYS),
  label: Type.String({ maxLength: LEARNER_MENU_LABEL_MAX }),
  hidden: Type.Boolean(),
}, { additionalProperties: false });
export type LearnerMenuItem = Static<typeof LearnerMenuItem>;

export const ClientSettings = Type.Object({
  title_trainings: Type.String(),
  title_webcasts: Type.String(),
  title_news: Type.String(),
  use_comments_group_training: Type.Boolean(),
  use_comments_webcast: Type.Boolean(),
  use_comments_news: Type.Boolean(),
  has_games: Type.Boolean(),
  has_forum: Type.Boolean(),
  group_training_use_evaluations: Type.Boolean(),
  group_training_use_basic: Type.Boolean(),
  group_training_use_score: Type.Boolean(),
  group_training_use_static_score: Type.Boolean(),
  group_training_use_workload: Type.Boolean(),
  use_group_training_code: Type.Boolean(),
  /** mandatory areas / profiles (spec 2 §2.3 permissions sub-tab, §5.1) */
  use_training_subscription: Type.Boolean(),
  use_group_trainings_certificate_expiration: Type.Boolean(),
  login_use_portfolio_page: Type.Boolean(),
  webcast_use_score: Type.Boolean(),
  webcast_use_static_score: Type.Boolean(),
  points_name: Type.String(),
  /**
   * ISO alpha-3 code of the country a user has when the form names none (spec 1 §5.2): the user
   * form starts with it and the server checks the document by its rules. Empty: no default.
   */
  default_country_code: Type.String({ maxLength: 3 }),
  /**
   * ISO 4217 code of the client's money (spec 3 §3 "Costs": face-to-face costs and their print),
   * checked by isCurrencyCode; empty: the deployment's CURRENCY.
   */
  currency: Type.String({ pattern: '^([A-Z]{3})?$' }),
  /**
   * The client's logo (root-relative /media/ URL of a validated image), '' when none: the printed
   * attendance and results lists carry it (spec 3 §2 issue "Face-to-face trainings II" item 4).
   * Set through CLIENT_LOGO_PATH, not the settings body.
   */
  logo: Type.String({ maxLength: 1000 }),
  /**
   * The learner portal's menu (spec 1 §2.3 "settings for menu editing", §6.2 settings_menu): the
   * entries in the client's order, each renamed (label, '' keeps the portal's word) or hidden.
   * Empty: the portal's own menu. Set through LEARNER_MENU_PATH, not the settings body.
   */
  learner_menu: Type.Array(LearnerMenuItem, { maxItems: LEARNER_MENU_KEYS.length }),
});
export type ClientSettings = Static<typeof ClientSettings>;

export const SessionClient = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  home_route: Type.String(),
  settings: ClientSettings,
});
export type SessionClient = Static<typeof SessionClient>;

/** spec 1 §3.1 session user (tokens are kept by the client beside it, not served here). */
export const SessionUser = Type.Object({
  id: Type.Integer(),
  id_user_client_profile: Type.Union([Type.Integer(), Type.Null()]),
  full_name: Type.String(),
  nick_name: Type.Union([Type.String(), Type.Null()]),
  user_document: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  is_superuser: Type.Boolean(),
  id_user_client_selected: Type.Union([Type.Integer(), Type.Null()]),
  id_user_client_country_selected: Type.Union([Type.Integer(), Type.Null()]),
  id_user_language_selected: Type.Integer(),
  user_clients: Type.Array(SessionClient),
  user_client_module_items: Type.Array(Type.Object({ id: Type.Integer(), module_items: Type.Array(ModuleItemSchema) })),
  has_mandatory_surveys: Type.Boolean(),
  accept_terms_and_conditions: Type.Boolean(),
  /** the current version of the selected client's terms (what an acceptance records); null: the client has none */
  terms_version: Type.Union([Type.String(), Type.Null()]),
  user_companies: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  user_branches: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  user_countries: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  user_change_password: Type.Boolean(),
  /** spec 1 §4.1: a pre-registered account (pre_registered, complete_registration) completes its data before anything else */
  must_complete_registration: Type.Boolean(),
  reload_content: Type.Boolean(),
  last_report_requests: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
  /** spec 1 §2.3 "administrative view": present when an administrator logged in as this user */
  administrative_view: Type.Optional(Type.Object({ by_user_id: Type.Integer(), by_name: Type.String() })),
});
export type SessionUser = Static<typeof SessionUser>;

export const SelectClientRequest = Type.Object({ client_id: Type.Integer({ minimum: 1 }) });

/** GET/PATCH /api/users/profile/ — profile basic data (spec 1 §2.2). */
export const ProfileBasicData = Type.Object({
  full_name: Type.String({ minLength: 1, maxLength: 150 }),
  nick_name: Type.Union([Type.String({ maxLength: 60 }), Type.Null()]),
  email: Type.String(),
  user_document: Type.Union([Type.String(), Type.Null()]),
  id_user_language_selected: Type.Integer({ minimum: 1, maximum: 4 }),
  // spec 1 §2.2 profile "personal info": gender (male, female or a free entry, spec 1 §3.4) and birthday (YYYY-MM-DD)
  gender: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  birthday: Type.Union([Type.String({ format: 'date', maxLength: 10 }), Type.Null()]),
  // spec 1 §2.2 "contact", §3.4 phones of each kind (mobile, commercial, residential, WhatsApp); the
  // mobile with its country and area codes, digits only (the SMS recovery compares them)
  mobile_country_code: Type.Union([Type.String({ maxLength: 5, pattern: '^\\d*$' }), Type.Null()]),
  mobile_area_code: Type.Union([Type.String({ maxLength: 5, pattern: '^\\d*$' }), Type.Null()]),
  mobile: Type.Union([Type.String({ maxLength: 20, pattern: '^\\d*$' }), Type.Null()]),
  commercial_phone: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
  residential_phone: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
  whatsapp: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
  /** spec 1 §2.2 image: the person's square profile picture (root-relative media URL), null: none */
  image_url: Type.Union([Type.String(), Type.Null()]),
});
export type ProfileBasicData = Static<typeof ProfileBasicData>;
/** The person's own edits; email and document are the administrators' (spec 1 §5.2–5.3). */
export const PROFILE_EDITABLE = [
  'full_name', 'nick_name', 'id_user_language_selected', 'gender', 'birthday',
  'mobile_country_code', 'mobile_area_code', 'mobile', 'commercial_phone', 'residential_phone', 'whatsapp',
] as const;
export const ProfileUpdate = Type.Object({
  ...Type.Partial(Type.Pick(ProfileBasicData, PROFILE_EDITABLE)).properties,
  /**
   * spec 1 §2.2 image (from camera or gallery, cropped square in the browser): a finished tus upload
   * of OWN_USER_IMAGE_UPLOAD_KIND (jpg, png or gif, spec 1 §5.4, checked by the server); null
   * removes the picture; omitted keeps it
   */
  image: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});
export type ProfileUpdate = Static<typeof ProfileUpdate>;
/** tus metadata `kind` of the person's own profile picture (any signed-in user sends it; spec 1 §5.4 .jpg, .png, .gif). */
export const OWN_USER_IMAGE_UPLOAD_KIND = 'own_user_image';
