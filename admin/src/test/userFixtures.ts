import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import type { AdminUser, SessionUser } from '@lp/shared/contract';
import { sessionUser } from './fixtures.ts';

export const clients = [
  { id: 1, name: 'Demo Retail', home_route: 'home', settings: DEFAULT_CLIENT_SETTINGS },
  { id: 2, name: 'Other Company', home_route: 'home', settings: DEFAULT_CLIENT_SETTINGS },
];

/** An administrator of client 1 with the given module items. */
export function adminWith(slugs: string[], overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({
    user_clients: clients,
    user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }],
    ...overrides,
  });
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    full_name: 'Lara Learner',
    nick_name: null,
    email: 'lara@demo.local',
    document: null,
    register: null,
    gmin_number: null,
    sap_code: null,
    gender: null,
    birthday: null,
    mobile_country_code: null,
    mobile_area_code: null,
    mobile: null,
    country_id: null,
    postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: null, state: null,
    commercial_phone: null, residential_phone: null, whatsapp: null, marital_status: null, number_of_children: null,
    is_handicapped: false, handicap_description: null, admission_date: null, store_manager: false,
    sex: null, country_of_residence_id: null, timezone: null, user_type: null, image: null, image_url: null,
    main_area_id: null, mandatory_area_ids: [], mandatory_profile_ids: [],
    accept_terms_date: null, enrollment_date: null, date_updated: '2026-11-01T10:00:00Z',
    profile_id: null,
    area_ids: [],
    group_ids: [],
    branch_id: null,
    client_ids: [1],
    superior_ids: [],
    superiors_list: [],
    status: 'active',
    is_superuser: false,
    must_change_password: false,
    date_joined: '2026-11-01T10:00:00Z',
    deletion_requested_at: null,
    anonymized_at: null,
    ...overrides,
  };
}
