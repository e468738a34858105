/**
 * Admin resources built so far: react-admin resource name → admin path (spec 1 §2.3), the
 * title slug its permission check reads (spec 1 §6.1), and the API collection path.
 * The admin's dataProvider, its menu and guards, and the server's route hooks all read this.
 * The paths other modules build on are declared in collections.ts.
 */
import {
  BADGES_PATH, BANNERS_PATH, CONFIGURATION_PATH, FAQ_CATEGORIES_PATH, FAQS_PATH, IMPORTS_PATH, LEGAL_TEXTS_PATH, LIBRARIES_PATH,
  LIBRARY_CATEGORIES_PATH, LIVE_CLASSES_PATH, SURVEYS_PATH, DRILLS_PATH, GENERAL_TESTS_PATH, MAILING_LIST_CONFIG_PATH, PRESENTIAL_APPOINTMENTS_PATH, MESSAGES_PATH, NEWS_PATH, OVERVIEW_PATH, PODCASTS_PATH, REPORTS_PANEL_PATH, SCHEDULE_EVENTS_PATH, LEARNER_MENU_PATH, TRAIL_CATEGORIES_PATH,
  TRAILS_PATH, TRAININGS_PATH, USER_GROUPS_PATH, USERS_PATH, WEBCASTS_PATH, WELCOME_BANNERS_PATH, WILD_CARDS_PATH,
} from './collections.ts';
import { HOME_LAYOUT_PATH } from './homeLayout.ts';
import { IMPORT_CODES_PATH } from './importCodes.ts';
import { PARTNER_PROVIDERS_PATH } from './partnerProviders.ts';

export interface AdminResourceDef {
  /** react-admin resource name and URL segment under /admin/ */
  name: string;
  /** spec 1 §2.3 title slug */
  title: string;
  /** collection path under /api */
  apiPath: string;
}

export const ADMIN_RESOURCES = {
  // spec 1 §2.3 / §2.4: /admin/overview (admin_overview), the control panel's landing page, title slug overview
  overview: { name: 'overview', title: 'overview', apiPath: OVERVIEW_PATH },
  // spec 1 §6.2 reports_panel (BI): the overview's aggregates with the people filters, one page under the reports area
  reports_panel: { name: 'reports-panel', title: 'reports_panel', apiPath: REPORTS_PANEL_PATH },
  tags: { name: 'tags', title: 'tags', apiPath: '/admin_tags/tags/' },
  areas: { name: 'area_config', title: 'area_config', apiPath: '/admin_users/areas/' },
  profiles: { name: 'profiles', title: 'user_management', apiPath: '/admin_users/profiles/' },
  user_groups: { name: 'users-groups', title: 'users_groups', apiPath: USER_GROUPS_PATH },
  users: { name: 'users', title: 'users', apiPath: USERS_PATH },
  headquarters: { name: 'organization-headquarters', title: 'headquarter', apiPath: '/admin_organization/headquarters/' },
  branches: { name: 'organization-branches', title: 'branch', apiPath: '/admin_organization/branches/' },
  branch_types: { name: 'branch-types', title: 'branch', apiPath: '/admin_organization/branch_types/' },
  branch_size_types: { name: 'branch-size-types', title: 'branch', apiPath: '/admin_organization/branch_size_types/' },
  regionals: { name: 'regionals', title: 'branch', apiPath: '/admin_organization/regionals/' },
  countries: { name: 'countries', title: 'configuration', apiPath: '/admin_organization/countries/' },
  // spec 1 §2.3: admin-imports, admin-import/{id} → title admin_import (superuser only, §6.1)
  imports: { name: 'admin-imports', title: 'admin_import', apiPath: IMPORTS_PATH },
  // spec 2 §2.2: /admin/trainings, title slug trainings
  trainings: { name: 'trainings', title: 'trainings', apiPath: TRAININGS_PATH },
  // spec 2 §2.2 / spec 1 §2.3: /admin/trails and /admin/trail/categories, title slug trails
  trails: { name: 'trails', title: 'trails', apiPath: TRAILS_PATH },
  trail_categories: { name: 'trail/categories', title: 'trails', apiPath: TRAIL_CATEGORIES_PATH },
  // webcasts
  // spec 2 §2.2: /admin/webcasts and /admin/webcasts/{id}, title slug webcasts
  webcasts: { name: 'webcasts', title: 'webcasts', apiPath: WEBCASTS_PATH },
  // spec 3 §2 / spec 1 §2.3: /admin/live_classes and /admin/live_classes/{id}, title slug live_classes
  live_classes: { name: 'live_classes', title: 'live_classes', apiPath: LIVE_CLASSES_PATH },
  // spec 3 §2 / spec 1 §2.3: surveys, surveys/{id} → title slug surveys
  surveys: { name: 'surveys', title: 'surveys', apiPath: SURVEYS_PATH },
  // spec 1 §2.3: drills, drills/{id} → title slug drills; general-tests, general-tests/{id} → general_tests
  drills: { name: 'drills', title: 'drills', apiPath: DRILLS_PATH },
  general_tests: { name: 'general-tests', title: 'general_tests', apiPath: GENERAL_TESTS_PATH },
  // face-to-face (spec 1 §2.3 / spec 3 §2 "Admin routes": the seven presential/* routes and their title slugs)
  presential_appointments: { name: 'presential/appointments', title: 'appointments', apiPath: PRESENTIAL_APPOINTMENTS_PATH },
  presential_courses: { name: 'presential/courses-catalog', title: 'presential_manager_catalog', apiPath: '/admin_presential/courses_catalog/' },
  presential_planned_vacancies: { name: 'presential/planned-vacancies', title: 'presential_manager_seats', apiPath: '/admin_presential/planned_vacancies/' },
  presential_product_categories: { name: 'presential/categories-modules', title: 'product_categories', apiPath: '/admin_presential/product_categories/' },
  presential_products: { name: 'presential/products', title: 'products', apiPath: '/admin_presential/products/' },
  presential_support_materials: { name: 'presential/materials', title: 'support_materials', apiPath: '/admin_presential/support_materials/' },
  presential_appointment_types: { name: 'presential/appointment-types', title: 'appointment_types', apiPath: '/admin_presential/appointment_types/' },
  // spec 1 §6.2 presential_test_templates: tests reusable across appointments (the spec names no route: one beside the others)
  presential_test_templates: { name: 'presential/test-templates', title: 'presential_test_templates', apiPath: '/admin_presential/test_templates/' },
  // spec 1 §2.3 presential/calendar (title appointments): one page, the events of a month or week
  presential_calendar: { name: 'presential/calendar', title: 'appointments', apiPath: '/admin_presential/events/' },
  // spec 3 §2 "cancellation requests (approve/reprove)", "cancelled enrollments": no route in spec 1 §2.3, so its key names it
  presential_cancel_enrollments: { name: 'presential/cancel-enrollments', title: 'view_cancel_enrollments', apiPath: '/admin_presential/cancel_enrollments/' },
  // spec 1 §6.2 "Catalog and vacancies": the store manager's read-only views of their own store (contract/presentialStore.ts)
  presential_store_catalog: { name: 'presential/store-catalog', title: 'store_catalog', apiPath: '/admin_presential/store/catalog/' },
  presential_store_seats: { name: 'presential/store-seats', title: 'store_manager_seats', apiPath: '/admin_presential/store/seats/' },
  presential_store_planned: { name: 'presential/store-planned', title: 'store_planned', apiPath: '/admin_presential/store/planned/' },
  presential_store_scheduled: { name: 'presential/store-scheduled', title: 'store_day_scheduled', apiPath: '/admin_presential/store/scheduled/' },
  // field-sales tasks (spec 1 §2.3: 4traders/questions → 4traders_questions, 4traders/tasks → 4traders_tasks)
  field_sales_questionnaires: { name: '4traders/questions', title: '4traders_questions', apiPath: '/admin_4traders/questions/' },
  field_sales_tasks: { name: '4traders/tasks', title: '4traders_tasks', apiPath: '/admin_4traders/tasks/' },
  // reward campaigns (spec 3 §2 "Reward campaigns"; spec 1 §6.2 "Rewards": the title slug of each screen; departments,
  // levels and audit justifications have no key of their own and open with their neighbours' — docs/api.md "Rewards")
  reward_campaigns: { name: 'rewards/campaigns', title: 'reward_campaigns', apiPath: '/admin_rewards/campaigns/' },
  reward_sales: { name: 'rewards/sales', title: 'reward_campaigns', apiPath: '/admin_rewards/sales/' },
  reward_photos: { name: 'rewards/photos', title: 'reward_campaigns', apiPath: '/admin_rewards/photos/' },
  reward_levels: { name: 'rewards/levels', title: 'reward_campaigns', apiPath: '/admin_rewards/levels/' },
  reward_justifications: { name: 'rewards/audit-justifications', title: 'reward_campaigns', apiPath: '/admin_rewards/audit_justifications/' },
  reward_catalog: { name: 'rewards/catalog', title: 'reward', apiPath: '/admin_rewards/rewards/' },
  reward_types: { name: 'rewards/types', title: 'reward', apiPath: '/admin_rewards/reward_types/' },
  reward_orders: { name: 'rewards/orders', title: 'reward_orders', apiPath: '/admin_rewards/orders/' },
  reward_categories: { name: 'rewards/categories', title: 'reward_categories', apiPath: '/admin_rewards/categories/' },
  reward_departments: { name: 'rewards/departments', title: 'reward_categories', apiPath: '/admin_rewards/departments/' },
  reward_brands: { name: 'rewards/brands', title: 'reward_brands', apiPath: '/admin_rewards/brands/' },
  reward_sale_products: { name: 'rewards/sale-products', title: 'reward_sale_products', apiPath: '/admin_rewards/sale_products/' },
  reward_sale_product_types: { name: 'rewards/sale-product-types', title: 'reward_sale_product_types', apiPath: '/admin_rewards/sale_product_types/' },
  reward_upload_file_types: { name: 'rewards/upload-file-types', title: 'reward_upload_file_types', apiPath: '/admin_rewards/upload_file_types/' },
  // news and FAQ
  // spec 3 §2 / spec 1 §2.3: news → news, faqs → faq, faq/categories → faq_categories
  news: { name: 'news', title: 'news', apiPath: NEWS_PATH },
  faqs: { name: 'faqs', title: 'faq', apiPath: FAQS_PATH },
  faq_categories: { name: 'faq/categories', title: 'faq_categories', apiPath: FAQ_CATEGORIES_PATH },
  // library and podcasts
  // spec 1 §2.3 / spec 3 §2: libraries (title library), library/categories (title library_categories), podcasts (title podcasts)
  libraries: { name: 'libraries', title: 'library', apiPath: LIBRARIES_PATH },
  library_categories: { name: 'library/categories', title: 'library_categories', apiPath: LIBRARY_CATEGORIES_PATH },
  podcasts: { name: 'podcasts', title: 'podcasts', apiPath: PODCASTS_PATH },
  // banners, welcome banners, messages and mailing list
  // spec 3 §2 / spec 1 §2.3: banners, banners-welcome, messages, mailing_list_config (title mailing_list)
  banners: { name: 'banners', title: 'banners', apiPath: BANNERS_PATH },
  welcome_banners: { name: 'banners-welcome', title: 'banners_welcome', apiPath: WELCOME_BANNERS_PATH },
  messages: { name: 'messages', title: 'messages', apiPath: MESSAGES_PATH },
  mailing_list_config: { name: 'mailing_list_config', title: 'mailing_list', apiPath: MAILING_LIST_CONFIG_PATH },
  // badges, legal texts, wildcard pages, configuration, schedule
  // spec 3 §2: badges, badges/{id} → title badges; wild_cards, wild_card/{id} → wild_card (both superuser only)
  badges: { name: 'badges', title: 'badges', apiPath: BADGES_PATH },
  wild_cards: { name: 'wild_cards', title: 'wild_card', apiPath: WILD_CARDS_PATH },
  // spec 1 §2.3: terms, about, policy, cookies_policy (one editor each) and configuration, superuser only (§6.1)
  terms: { name: 'terms', title: 'terms', apiPath: `${LEGAL_TEXTS_PATH}terms/` },
  about: { name: 'about', title: 'about', apiPath: `${LEGAL_TEXTS_PATH}about/` },
  policy: { name: 'policy', title: 'policy', apiPath: `${LEGAL_TEXTS_PATH}policy/` },
  cookies_policy: { name: 'cookies_policy', title: 'cookies_policy', apiPath: `${LEGAL_TEXTS_PATH}cookies_policy/` },
  configuration: { name: 'configuration', title: 'configuration', apiPath: CONFIGURATION_PATH },
  // spec 1 §2.1 login-{partner}: the selected client's partner OpenID providers (superuser only, like the configuration)
  partner_providers: { name: 'partner-providers', title: 'configuration', apiPath: PARTNER_PROVIDERS_PATH },
  // spec 3 §2: schedule, schedule/{id} → title schedule
  // the schedule's records are the calendar items administrators write; its month grid reads CALENDAR_PATHS.admin
  schedule: { name: 'schedule', title: 'schedule', apiPath: SCHEDULE_EVENTS_PATH },
  // spec 1 §2.3 "settings for menu editing", §6.2 settings_menu: the learner portal's menu per client
  settings_menu: { name: 'settings_menu', title: 'settings_menu', apiPath: LEARNER_MENU_PATH },
  // docs/security.md "Shared users": account-wide actions on users, read by superusers only
  audit_log: { name: 'audit-log', title: 'audit_log', apiPath: '/admin_users/audit_log/' },
  // spec 1 §2.3 / §6.1: home (the portal home's layout) and import-code, superuser only;
  // headquarter-import, the headquarters import on its own under the headquarter_import item
  home_layout: { name: 'home', title: 'home', apiPath: HOME_LAYOUT_PATH },
  import_codes: { name: 'import-code', title: 'import_code', apiPath: IMPORT_CODES_PATH },
  headquarter_import: { name: 'headquarter-import', title: 'headquarter_import', apiPath: IMPORTS_PATH },
} as const satisfies Record<string, AdminResourceDef>;

export type AdminResourceKey = keyof typeof ADMIN_RESOURCES;

/** Nested collection: members of a user group (parent id from the filter `group_id`). */
export const groupMembersPath = (groupId: number | string) => `${USER_GROUPS_PATH}${groupId}/members/`;

/** Per-user admin actions under the users resource (spec 1 §2.3 user screens). */
export const userActionPath = (userId: number | string, action: 'permissions' | 'block' | 'unblock' | 'approve' | 'reset_password' | 'login_as' | 'deletion/confirm' | 'deletion/reject') =>
  `${USERS_PATH}${userId}/${action}/`;
