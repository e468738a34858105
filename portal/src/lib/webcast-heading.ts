import type { SessionUser } from '@lp/shared/contract';

/** spec 2 §1 title_webcasts: the selected client's own word for webinars, unless it is the default key. */
export function webcastHeading(user: SessionUser | null | undefined): string | null {
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected);
  const heading = client?.settings.title_webcasts?.trim();
  return heading && heading !== 'webinars' ? heading : null;
}
