/**
 * Admin resources built so far: react-admin resource name → admin path (spec 1 §2.3), the
 * title slug its permission check reads (spec 1 §6.1), and the API collection path.
 * The admin's dataProvider, its menu and guards, and the server's route hooks all read this.
 * A collection with a contract module of its own takes its path from there (one declaration).
 */
import { BADGE_PATHS } from './badges.ts';
import { BANNER_PATHS } from './banners.ts';
import { CALENDAR_PATHS } from './calendar.ts';
import { CONFIGURATION_PATH } from './configuration.ts';
import { FAQ_PATHS } from './faq.ts';
import { IMPORTS_PATH } from './imports.ts';
import { LIBRARY_PATHS } from './library.ts';
import { MESSAGE_PATHS } from './messages.ts';
import { NEWS_PATHS } from './news.ts';
import { LEGAL_TEXT_PATHS, WILDCARD_PATHS } from './pages.ts';
import { PODCAST_PATHS } from './podcasts.ts';
import { TRAIL_PATHS } from './trails.ts';
import { TRAINING_PATHS } from './trainings.ts';
import { WEBCAST_PATHS } from './webcasts.ts';

export interface AdminResourceDef {
  /** react-admin resource name and URL segment under /admin/ */
  name: string;
  /** spec 1 §2.3 title slug */
  title: string;
  /** collection path under /api */
  apiPath: string;
}

export const ADMIN_RESOURCES = {
  tags: { name: 'tags', title: 'tags', apiPath: '/admin_tags/tags/' },
  areas: { name: 'area_config', title: 'area_config', apiPath: '/admin_users/areas/' },
  profiles: { name: 'profiles', title: 'user_management', apiPath: '/admin_users/profiles/' },
  user_groups: { name: 'users-groups', title: 'users_groups', apiPath: '/admin_users/user_groups/' },
  users: { name: 'users', title: 'users', apiPath: '/admin_users/users/' },
  headquarters: { name: 'organization-headquarters', title: 'headquarter', apiPath: '/admin_organization/headquarters/' },
  branches: { name: 'organization-branches', title: 'branch', apiPath: '/admin_organization/branches/' },
  branch_types: { name: 'branch-types', title: 'branch', apiPath: '/admin_organization/branch_types/' },
  branch_size_types: { name: 'branch-size-types', title: 'branch', apiPath: '/admin_organization/branch_size_types/' },
  regionals: { name: 'regionals', title: 'branch', apiPath: '/admin_organization/regionals/' },
  countries: { name: 'countries', title: 'configuration', apiPath: '/admin_organization/countries/' },
  // spec 1 §2.3: admin-imports, admin-import/{id} → title admin_import (superuser only, §6.1)
  imports: { name: 'admin-imports', title: 'admin_import', apiPath: IMPORTS_PATH },
  // spec 2 §2.2: /admin/trainings, title slug trainings
  trainings: { name: 'trainings', title: 'trainings', apiPath: TRAINING_PATHS.collection },
  // spec 2 §2.2 / spec 1 §2.3: /admin/trails and /admin/trail/categories, title slug trails
  trails: { name: 'trails', title: 'trails', apiPath: TRAIL_PATHS.collection },
  trail_categories: { name: 'trail/categories', title: 'trails', apiPath: TRAIL_PATHS.categories },
  // issue 6: webcasts
  // spec 2 §2.2: /admin/webcasts and /admin/webcasts/{id}, title slug webcasts
  webcasts: { name: 'webcasts', title: 'webcasts', apiPath: WEBCAST_PATHS.collection },
  // issue 7: news and FAQ
  // spec 3 §2 / spec 1 §2.3: news → news, faqs → faq, faq/categories → faq_categories
  news: { name: 'news', title: 'news', apiPath: NEWS_PATHS.collection },
  faqs: { name: 'faqs', title: 'faq', apiPath: FAQ_PATHS.collection },
  faq_categories: { name: 'faq/categories', title: 'faq_categories', apiPath: FAQ_PATHS.categories },
  // issue 7: library and podcasts
  // spec 1 §2.3 / spec 3 §2: libraries (title library), library/categories (title library_categories), podcasts (title podcasts)
  libraries: { name: 'libraries', title: 'library', apiPath: LIBRARY_PATHS.files },
  library_categories: { name: 'library/categories', title: 'library_categories', apiPath: LIBRARY_PATHS.categories },
  podcasts: { name: 'podcasts', title: 'podcasts', apiPath: PODCAST_PATHS.collection },
  // issue 7: banners, welcome banners, messages and mailing list
  // spec 3 §2 / spec 1 §2.3: banners, banners-welcome, messages, mailing_list_config (title mailing_list)
  banners: { name: 'banners', title: 'banners', apiPath: BANNER_PATHS.collection },
  welcome_banners: { name: 'banners-welcome', title: 'banners_welcome', apiPath: BANNER_PATHS.welcomeCollection },
  messages: { name: 'messages', title: 'messages', apiPath: MESSAGE_PATHS.collection },
  mailing_list_config: { name: 'mailing_list_config', title: 'mailing_list', apiPath: MESSAGE_PATHS.mailingListConfig },
  // issue 7: badges, legal texts, wildcard pages, configuration, schedule
  // spec 3 §2: badges, badges/{id} → title badges; wild_cards, wild_card/{id} → wild_card (both superuser only)
  badges: { name: 'badges', title: 'badges', apiPath: BADGE_PATHS.collection },
  wild_cards: { name: 'wild_cards', title: 'wild_card', apiPath: WILDCARD_PATHS.collection },
  // spec 1 §2.3: terms, about, policy, cookies_policy (one editor each) and configuration, superuser only (§6.1)
  terms: { name: 'terms', title: 'terms', apiPath: LEGAL_TEXT_PATHS.admin('terms') },
  about: { name: 'about', title: 'about', apiPath: LEGAL_TEXT_PATHS.admin('about') },
  policy: { name: 'policy', title: 'policy', apiPath: LEGAL_TEXT_PATHS.admin('policy') },
  cookies_policy: { name: 'cookies_policy', title: 'cookies_policy', apiPath: LEGAL_TEXT_PATHS.admin('cookies_policy') },
  configuration: { name: 'configuration', title: 'configuration', apiPath: CONFIGURATION_PATH },
  // spec 3 §2: schedule, schedule/{id} → title schedule
  schedule: { name: 'schedule', title: 'schedule', apiPath: CALENDAR_PATHS.admin },
  // docs/security.md "Shared users": account-wide actions on users, read by superusers only
  audit_log: { name: 'audit-log', title: 'audit_log', apiPath: '/admin_users/audit_log/' },
} as const satisfies Record<string, AdminResourceDef>;

export type AdminResourceKey = keyof typeof ADMIN_RESOURCES;

/** Nested collection: members of a user group (parent id from the filter `group_id`). */
export const groupMembersPath = (groupId: number | string) => `${ADMIN_RESOURCES.user_groups.apiPath}${groupId}/members/`;

/** Per-user admin actions under the users resource (spec 1 §2.3 user screens). */
export const userActionPath = (userId: number | string, action: 'permissions' | 'block' | 'unblock' | 'approve' | 'reset_password' | 'login_as' | 'deletion/confirm' | 'deletion/reject') =>
  `${ADMIN_RESOURCES.users.apiPath}${userId}/${action}/`;
