import type { SessionUser } from '@lp/shared/contract';

/** spec 1 §3.2 / spec 3 §2 title_news: the selected client's own word for news, unless it is the default key. */
export function newsHeading(user: SessionUser | null | undefined): string | null {
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected);
  const heading = client?.settings.title_news?.trim();
  return heading && heading !== 'news' ? heading : null;
}
