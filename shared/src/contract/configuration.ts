import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { LoginParams } from './auth.ts';
import { ClientSettings, LearnerMenuItem } from './session.ts';

/**
 * The configuration screen (spec 1 §2.3 configuration, §6.1 admin_config: superuser only): the
 * selected client's settings — the flags every module reads from the session (spec 1 §3.2) —
 * and the login configuration (spec 1 §3.3), which is the deployment's, shared by every client.
 */

/** The learner routes a client's home may be (spec 1 §3.2 home_route, §2.2). */
export const HOME_ROUTES = ['home', 'feed', 'courses', 'trails', 'webcasts', 'news', 'podcasts', 'library', 'calendar'] as const;

/** The login parameters an administrator edits: all but the language list, the attempts, the partner logins, the mobile app and the help-desk widget (the server's). */
export const EditableLoginParams = Type.Omit(LoginParams, ['languages', 'attempts', 'partners', 'mobile_app', 'help_desk_url']);
export type EditableLoginParams = Static<typeof EditableLoginParams>;

export const Configuration = Type.Object({
  client: Type.Object({ id: Type.Integer(), name: Type.String(), home_route: Type.String() }),
  settings: ClientSettings,
  login_params: EditableLoginParams,
});
export type Configuration = Static<typeof Configuration>;

const HEX_COLOUR = '^#[0-9a-fA-F]{6}$';
const NullableUrl = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 1000 });

const STRICT_KEYS = [
  'colors', 'background', 'logo', 'text_header', 'text', 'app_version', 'default_language_id', 'background_color', 'font_color', 'register',
] as const;

/** Login parameters whose values have a shape to respect; the rest take their LoginParams type. */
const StrictLoginParams = Type.Object({
  colors: Type.Object({ primary: Type.String({ pattern: HEX_COLOUR }), secondary: Type.String({ pattern: HEX_COLOUR }) }, { additionalProperties: false }),
  background: NullableUrl,
  logo: NullableUrl,
  text_header: Type.String({ maxLength: 200 }),
  text: Type.String({ maxLength: 2000 }),
  app_version: Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,6}){0,3}$' }),
  default_language_id: Type.Integer({ minimum: 1, maximum: 4 }),
  background_color: Type.String({ pattern: HEX_COLOUR }),
  font_color: Type.String({ pattern: HEX_COLOUR }),
  register: Type.Object({
    fields: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 40 }),
    password_strong_level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('strong')]),
  }, { additionalProperties: false }),
});

/** PUT JSON: any part may be left out (it stays as it is); unknown keys are refused. */
export const ConfigurationInput = Type.Object({
  home_route: Type.Optional(literalUnion(HOME_ROUTES)),
  settings: Type.Optional(Type.Partial(Type.Omit(ClientSettings, ['logo', 'learner_menu']), { additionalProperties: false })),
  login_params: Type.Optional(Type.Partial(
    Type.Composite([Type.Omit(EditableLoginParams, STRICT_KEYS), StrictLoginParams]),
    { additionalProperties: false },
  )),
}, { additionalProperties: false });
export type ConfigurationInput = Static<typeof ConfigurationInput>;

/** PUT {upload}: the selected client's logo from a finished tus upload (kind CLIENT_LOGO_UPLOAD_KIND, png or jpeg by content), or null to remove it → Configuration. */
export const CLIENT_LOGO_PATH = '/admin_config/client_logo/';
export const CLIENT_LOGO_UPLOAD_KIND = 'client_logo';
/** a logo is drawn on every printed list: small */
export const CLIENT_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const ClientLogoInput = Type.Object({ upload: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]) }, { additionalProperties: false });
export type ClientLogoInput = Static<typeof ClientLogoInput>;

/**
 * The learner portal's menu of the selected client (spec 1 §2.3 settings for menu editing, §6.2
 * settings_menu): GET → LearnerMenu (every entry, the configured order first); PUT LearnerMenu →
 * LearnerMenu, at LEARNER_MENU_PATH. The portal reads it from the session (SessionClient.settings.learner_menu).
 */
export const LearnerMenu = Type.Object({
  entries: Type.Array(LearnerMenuItem, { maxItems: 40 }),
}, { additionalProperties: false });
export type LearnerMenu = Static<typeof LearnerMenu>;
