import { usePermissions } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS, hasPermission, sectionHeading } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export interface WebcastFlags {
  use_comments_webcast: boolean;
  webcast_use_score: boolean;
  webcast_use_static_score: boolean;
}

export interface WebcastAccess {
  flags: WebcastFlags;
  /** webcasts_manage (spec 2 §6): event data, tests, evaluations, materials, guest list; without it controls are disabled */
  canManage: boolean;
  /** webcast_set_score (spec 2 §6) */
  canSetScore: boolean;
  /** spec 2 §2.5 header: the client's title_webcasts, or null for the default 'webinars' */
  heading: string | null;
  isPending: boolean;
}

const flag = (settings: Record<string, unknown> | undefined, key: keyof WebcastFlags): boolean => {
  const value = settings?.[key];
  return typeof value === 'boolean' ? value : DEFAULT_CLIENT_SETTINGS[key];
};

/** The selected client's webcast flags and the user's webcast permissions, from the session user. */
export function useWebcastAccess(): WebcastAccess {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user?.user_clients[0];
  const settings = client?.settings as unknown as Record<string, unknown> | undefined;
  return {
    // spec 2 §2.5: comments "when the client has use_comments_webcast, or when no client is found"
    flags: {
      use_comments_webcast: flag(settings, 'use_comments_webcast'),
      webcast_use_score: flag(settings, 'webcast_use_score'),
      webcast_use_static_score: flag(settings, 'webcast_use_static_score'),
    },
    canManage: !!user && hasPermission(user, 'webcasts_manage'),
    canSetScore: !!user && hasPermission(user, 'webcast_set_score'),
    heading: sectionHeading(user, 'webcasts'),
    isPending,
  };
}
