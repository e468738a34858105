/**
 * Admin resources built so far: react-admin resource name → admin path (spec 1 §2.3), the
 * title slug its permission check reads (spec 1 §6.1), and the API collection path.
 * The admin's dataProvider, its menu and guards, and the server's route hooks all read this.
 */
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
  imports: { name: 'admin-imports', title: 'admin_import', apiPath: '/admin_imports/imports/' },
  // spec 2 §2.2: /admin/trainings, title slug trainings
  trainings: { name: 'trainings', title: 'trainings', apiPath: '/admin_group_trainings/group_trainings/' },
  // spec 2 §2.2 / spec 1 §2.3: /admin/trails and /admin/trail/categories, title slug trails
  trails: { name: 'trails', title: 'trails', apiPath: '/admin_trails/trails/' },
  trail_categories: { name: 'trail/categories', title: 'trails', apiPath: '/admin_trails/trail_categories/' },
  // issue 6: webcasts
  // issue 7: news and FAQ
  // issue 7: library and podcasts
  // issue 7: banners, welcome banners, messages and mailing list
  // issue 7: badges, legal texts, wildcard pages, configuration, schedule
} as const satisfies Record<string, AdminResourceDef>;

export type AdminResourceKey = keyof typeof ADMIN_RESOURCES;

/** Nested collection: members of a user group (parent id from the filter `group_id`). */
export const groupMembersPath = (groupId: number | string) => `/admin_users/user_groups/${groupId}/members/`;

/** Per-user admin actions under the users resource (spec 1 §2.3 user screens). */
export const userActionPath = (userId: number | string, action: 'permissions' | 'block' | 'unblock' | 'approve' | 'reset_password' | 'login_as' | 'deletion/confirm' | 'deletion/reject') =>
  `/admin_users/users/${userId}/${action}/`;
