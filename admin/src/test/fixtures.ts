import type { AuthProvider } from 'react-admin';
import { DEFAULT_LOGIN_PARAMS, type LoginParams, type SessionUser } from '@lp/shared/contract';
import { createI18nProvider } from '../i18nProvider.ts';

export const i18n = () => createI18nProvider(window.localStorage);

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 2,
    id_user_client_profile: null,
    full_name: 'Igor Instructor',
    nick_name: null,
    user_document: null,
    email: 'instructor@demo.local',
    is_superuser: false,
    id_user_client_selected: 1,
    id_user_client_country_selected: null,
    id_user_language_selected: 1,
    user_clients: [],
    user_client_module_items: [
      { id: 1, module_items: [{ slug: 'tags', permission: true }, { slug: 'users_groups', permission: false }] },
    ],
    has_mandatory_surveys: false,
    accept_terms_and_conditions: true,
    terms_version: null,
    must_complete_registration: false,
    user_companies: [],
    user_branches: [],
    user_countries: [],
    user_change_password: false,
    reload_content: false,
    last_report_requests: {},
    ...overrides,
  };
}

/** An authProvider whose session user is `user`. */
export function authFor(user: SessionUser | null): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => user,
    getIdentity: async () => ({ id: user?.id ?? 0, fullName: user?.full_name ?? '' }),
  };
}

export function loginParams(overrides: Partial<LoginParams> = {}): LoginParams {
  return {
    ...DEFAULT_LOGIN_PARAMS,
    colors: { primary: '#123456', secondary: '#654321' },
    text_header: 'Bem-vindo à Academia',
    text: 'Use seu e-mail corporativo',
    languages: [],
    ...overrides,
  };
}
