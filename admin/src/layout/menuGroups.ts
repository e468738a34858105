import { ADMIN_RESOURCES, type AdminResourceKey } from '@lp/shared/contract';
import type { RenamableSection } from '@lp/shared/rules';

/** The menu's areas, in the order they are shown (spec 1 §2.3 "the admin's own left menu"). */
export const MENU_GROUPS = ['learning', 'content', 'communication', 'engagement', 'rewards', 'field_sales', 'people', 'reports', 'settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * Which area each admin screen belongs to. Typed over every ADMIN_RESOURCES key, so a new module's
 * entry does not type-check until it names its area (docs/how-to-add-a-module.md).
 */
export const MENU_GROUP_OF: Record<Exclude<AdminResourceKey, 'overview'>, MenuGroup> = {
  reports_panel: 'reports',
  trainings: 'learning',
  trails: 'learning',
  trail_categories: 'learning',
  webcasts: 'learning',
  live_classes: 'learning',
  presential_appointments: 'learning',
  presential_courses: 'learning',
  presential_test_templates: 'learning',
  presential_planned_vacancies: 'learning',
  presential_product_categories: 'learning',
  presential_products: 'learning',
  presential_support_materials: 'learning',
  presential_appointment_types: 'learning',
  presential_calendar: 'learning',
  presential_cancel_enrollments: 'learning',
  presential_store_catalog: 'learning',
  presential_store_seats: 'learning',
  presential_store_planned: 'learning',
  presential_store_scheduled: 'learning',
  field_sales_tasks: 'field_sales',
  reward_campaigns: 'rewards',
  reward_sales: 'rewards',
  reward_photos: 'rewards',
  reward_orders: 'rewards',
  reward_catalog: 'rewards',
  reward_levels: 'rewards',
  reward_justifications: 'rewards',
  reward_types: 'rewards',
  reward_categories: 'rewards',
  reward_departments: 'rewards',
  reward_brands: 'rewards',
  reward_sale_products: 'rewards',
  reward_sale_product_types: 'rewards',
  reward_upload_file_types: 'rewards',
  field_sales_questionnaires: 'field_sales',
  news: 'content',
  faqs: 'content',
  faq_categories: 'content',
  libraries: 'content',
  library_categories: 'content',
  podcasts: 'content',
  wild_cards: 'content',
  banners: 'communication',
  welcome_banners: 'communication',
  messages: 'communication',
  mailing_list_config: 'communication',
  surveys: 'engagement',
  drills: 'engagement',
  general_tests: 'engagement',
  badges: 'engagement',
  users: 'people',
  user_groups: 'people',
  profiles: 'people',
  areas: 'people',
  headquarters: 'people',
  branches: 'people',
  branch_types: 'people',
  branch_size_types: 'people',
  regionals: 'people',
  imports: 'people',
  headquarter_import: 'people',
  import_codes: 'people',
  audit_log: 'people',
  tags: 'settings',
  countries: 'settings',
  configuration: 'settings',
  home_layout: 'settings',
  partner_providers: 'settings',
  schedule: 'settings',
  settings_menu: 'settings',
  terms: 'settings',
  about: 'settings',
  policy: 'settings',
  cookies_policy: 'settings',
};

const GROUP_BY_NAME: ReadonlyMap<string, MenuGroup> = new Map(
  (Object.entries(MENU_GROUP_OF) as [Exclude<AdminResourceKey, 'overview'>, MenuGroup][])
    .map(([key, group]) => [ADMIN_RESOURCES[key].name, group]),
);

/** The area of a screen by its route name; a screen outside ADMIN_RESOURCES goes to settings. */
export function menuGroupOf(name: string): MenuGroup {
  return GROUP_BY_NAME.get(name) ?? 'settings';
}

/** The screens a client may rename, by route name (spec 1 §3.2 title_trainings, title_webcasts, title_news). */
export const RENAMABLE_SCREENS: Readonly<Record<string, RenamableSection>> = {
  [ADMIN_RESOURCES.trainings.name]: 'trainings',
  [ADMIN_RESOURCES.webcasts.name]: 'webcasts',
  [ADMIN_RESOURCES.news.name]: 'news',
};

/** Menu entries grouped by area in MENU_GROUPS order, each keeping the order it came in. */
export function groupScreens<T extends { name: string }>(screens: readonly T[]): { group: MenuGroup; screens: T[] }[] {
  return MENU_GROUPS
    .map((group) => ({ group, screens: screens.filter((s) => menuGroupOf(s.name) === group) }))
    .filter((g) => g.screens.length > 0);
}

/** Accent- and case-blind match of the menu search (spec 1 §9: "Usuários" is found by "usuarios"). */
export function matchesMenuSearch(label: string, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const q = fold(query);
  return q === '' || fold(label).includes(q);
}
