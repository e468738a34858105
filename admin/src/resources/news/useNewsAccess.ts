import { usePermissions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';

export interface NewsAccess {
  /** spec 3 §2: the page title is the client's title_news (null: the default "news") */
  heading: string | null;
  /** spec 3 §2: the comments tab shows with use_comments_news, or when no client is found */
  commentsTab: boolean;
  isPending: boolean;
}

/** The selected client's news settings, from the session user. */
export function useNewsAccess(): NewsAccess {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user?.user_clients[0];
  const heading = client?.settings.title_news?.trim();
  return {
    // 'news' is the default key, not a heading of the client's own
    heading: heading && heading !== 'news' ? heading : null,
    commentsTab: !isPending && (!client || client.settings.use_comments_news !== false),
    isPending,
  };
}
