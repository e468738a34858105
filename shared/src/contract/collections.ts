/**
 * The admin collections under /api that more than one module builds on, each declared here once:
 * the domain's paths (`TRAINING_PATHS`, …), `ADMIN_RESOURCES`, the comment origins and the
 * sub-resources all derive from these. Plain strings with no imports, so taking one (the admin's
 * menu takes them all through ADMIN_RESOURCES) loads no schema.
 */
/** spec 1 §2.3 overview dashboard: the figures of the selected client (contract/overview.ts) */
export const OVERVIEW_PATH = '/admin_overview/overview/';
/** spec 1 §6.2 reports_panel (BI): the overview's figures narrowed by the people's organisation (contract/overview.ts) */
export const REPORTS_PANEL_PATH = '/admin_overview/panel/';
/** spec 1 §2.3 "view editor as a student" (module item view_editor): a read-only preview grant (contract/viewEditor.ts) */
export const VIEW_EDITOR_PATH = '/admin_view_editor/preview_grants/';
export const USERS_PATH = '/admin_users/users/';
export const USER_GROUPS_PATH = '/admin_users/user_groups/';
export const IMPORTS_PATH = '/admin_imports/imports/';
export const TRAININGS_PATH = '/admin_group_trainings/group_trainings/';
export const TRAILS_PATH = '/admin_trails/trails/';
export const TRAIL_CATEGORIES_PATH = '/admin_trails/trail_categories/';
export const WEBCASTS_PATH = '/admin_webcasts/webcasts/';
export const LIVE_CLASSES_PATH = '/admin_live_classes/live_classes/';
export const SURVEYS_PATH = '/admin_surveys/surveys/';
export const DRILLS_PATH = '/admin_drills/drills/';
export const GENERAL_TESTS_PATH = '/admin_general_tests/general_tests/';
/** spec 3 §7 "Comments": a face-to-face event's collection (the owned content of an event hangs from it) */
export const PRESENTIAL_EVENTS_PATH = '/presential/presential_events/';
/** spec 1 §2.3 presential/* admin collections */
export const PRESENTIAL_APPOINTMENTS_PATH = '/admin_presential/appointments/';
export const NEWS_PATH = '/admin_news/news/';
export const FAQS_PATH = '/admin_faq/faqs/';
export const FAQ_CATEGORIES_PATH = '/admin_faq/faq_categories/';
export const LIBRARIES_PATH = '/admin_library/libraries/';
export const LIBRARY_CATEGORIES_PATH = '/admin_library/library_categories/';
export const PODCASTS_PATH = '/admin_podcast/podcasts/';
export const BANNERS_PATH = '/admin_banners/banners/';
export const WELCOME_BANNERS_PATH = '/admin_banners/welcome_banners/';
export const MESSAGES_PATH = '/admin_messages/messages/';
export const MAILING_LIST_CONFIG_PATH = '/admin_messages/mailing_list_config/';
export const BADGES_PATH = '/admin_badges/badges/';
export const WILD_CARDS_PATH = '/admin_wild_cards/wild_cards/';
/** one editor per legal text kind: `${LEGAL_TEXTS_PATH}{kind}/` */
export const LEGAL_TEXTS_PATH = '/admin_config/legal_texts/';
export const CONFIGURATION_PATH = '/admin_config/configuration/';
export const SCHEDULE_PATH = '/admin_schedule/schedule/';
/** spec 1 §2.3 schedule/{id}: the calendar items administrators write (contract/scheduleEvents.ts) */
export const SCHEDULE_EVENTS_PATH = '/admin_schedule/events/';
/** spec 1 §2.3 settings for menu editing (§6.2 settings_menu): the learner portal's menu (contract/configuration.ts) */
export const LEARNER_MENU_PATH = '/admin_config/learner_menu/';
