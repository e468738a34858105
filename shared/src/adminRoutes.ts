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
} as const satisfies Record<string, AdminResourceDef>;

export type AdminResourceKey = keyof typeof ADMIN_RESOURCES;

/** Nested collection: members of a user group (parent id from the filter `group_id`). */
export const groupMembersPath = (groupId: number | string) => `/admin_users/user_groups/${groupId}/members/`;
