/**
 * Permission catalogue (spec 1 §6.2) and the route → title-slug map (spec 1 §2.3).
 * The admin menu, the admin route guard and the server's route hooks all read these.
 */

export const PERMISSION_GROUPS = {
  overview_reports: ['overview', 'reports', 'reports_manager', 'reports_panel', 'billing_reports'],
  users_organisation: [
    'admin_import', 'user_management', 'users', 'view_users', 'users_manage', 'users_groups',
    'users_panel', 'users_subscribers', 'users_reward_levels', 'users_delete_manage',
    'data_anonymization', 'headquarter', 'headquarter_import', 'branch', 'settings_menu', 'login_as_user',
    'view_editor', 'visualize_consent', 'skills',
  ],
  content: [
    'banners', 'banners_welcome', 'calendar', 'schedule', 'faq', 'faq_categories', 'library',
    'library_categories', 'news', 'messages', 'mailing_list', 'surveys', 'drills', 'general_tests', 'tags', 'trainings', 'trainings_manage',
    'trainings_set_score', 'trails', 'trails_manage', 'trails_set_score', 'webcasts',
    'webcasts_manage', 'webcast_set_score', 'live_classes', 'live_classes_manage',
    'live_class_set_score', 'podcasts', 'podcasts_manage',
  ],
  face_to_face: [
    'appointment_types', 'training_topics', 'appointments', 'manage_models', 'products',
    'product_categories', 'support_materials', 'request_events', 'approve_events',
    'cancel_events', 'finish_events', 'tickets_for_events', 'view_pre_scheduled_training',
    'view_cancel_enrollments', 'presential_edit_basic_data', 'presential_edit_events',
    'presential_edit_evaluations', 'presential_full_view', 'presential_import_results',
    'presential_print_results', 'presential_print_users', 'presential_save_results',
    'presential_tests', 'presential_test_templates', 'presential_test_instructor',
    'view_presential_test', 'edit_tests', 'tests', 'test_templates', 'test_instructor',
    'subscribe_event_users', 'subscription_import_results',
  ],
  catalog_vacancies: [
    'presential_manager_catalog', 'edit_presential_manager_catalog', 'presential_manager_seats',
    'edit_presential_manager_seats', 'store_catalog', 'store_manager_seats',
    'store_manager_seats_trainees', 'store_planned', 'store_planned_evaluation',
    'store_day_scheduled', 'store_day_scheduled_evaluation',
  ],
  approvers: ['superiors_approvers', 'superiors_approvers_create'],
  rewards: [
    'reward', 'reward_campaigns', 'reward_categories', 'reward_brands', 'reward_sale_products',
    'reward_sale_product_types', 'reward_upload_file_types', 'reward_orders', 'events_qrcode',
  ],
  field_sales: ['4traders_calendar', '4traders_questions', '4traders_tasks', '4traders_apply_events', '4traders_manage_tasks', '4traders_manage_events'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type PermissionSlug = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const ALL_PERMISSION_SLUGS: readonly PermissionSlug[] = Object.values(PERMISSION_GROUPS).flat();

export function isPermissionSlug(value: string): value is PermissionSlug {
  return (ALL_PERMISSION_SLUGS as readonly string[]).includes(value);
}

/** spec 1 §6.1: admin routes only a superuser may open (by the title slug of §2.3). */
export const SUPERUSER_ONLY_TITLES = [
  'configuration', 'terms', 'about', 'policy', 'cookies_policy', 'badges', 'admin_import',
  'home', 'wild_card', 'import_code', 'area_config',
  // not in the spec's list: the audit log of account-wide actions (docs/security.md)
  'audit_log',
] as const;

/** spec 1 §6.1: appointment routes accept any one of these. */
export const APPOINTMENT_ANY_OF = ['request_events', 'approve_events', 'finish_events'] as const;

export interface ModuleItem {
  slug: string;
  permission: boolean;
}

export interface ClientModuleItems {
  /** client id */
  id: number;
  module_items: ModuleItem[];
}

/** The facts about a user that access decisions read. */
export interface AccessSubject {
  is_superuser: boolean;
  id_user_client_selected: number | null;
  user_client_module_items: ClientModuleItems[];
}

/** spec 1 §6.1: checks use the selected client's list; a missing slug counts as false. */
export function hasPermission(subject: AccessSubject, slug: string): boolean {
  if (subject.is_superuser) return true;
  const items = subject.user_client_module_items.find((c) => c.id === subject.id_user_client_selected);
  return items?.module_items.some((m) => m.slug === slug && m.permission) ?? false;
}

export type AccessDecision = 'allow' | 'superuser_only' | 'missing_permission';

/** spec 1 §6.1: decide access to an admin route by its title slug. */
export function canOpenAdminTitle(subject: AccessSubject, title: string): AccessDecision {
  if ((SUPERUSER_ONLY_TITLES as readonly string[]).includes(title)) {
    return subject.is_superuser ? 'allow' : 'superuser_only';
  }
  if (subject.is_superuser) return 'allow';
  if (title === 'appointments') {
    return APPOINTMENT_ANY_OF.some((slug) => hasPermission(subject, slug)) ? 'allow' : 'missing_permission';
  }
  return hasPermission(subject, title) ? 'allow' : 'missing_permission';
}

/** spec 1 §2.4: the control panel is open to a user with at least one granted module item. */
export function hasControlPanelAccess(subject: AccessSubject): boolean {
  if (subject.is_superuser) return true;
  const items = subject.user_client_module_items.find((c) => c.id === subject.id_user_client_selected);
  return items?.module_items.some((m) => m.permission) ?? false;
}
