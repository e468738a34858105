import { IMPORT_TYPES, type Notification } from '@lp/shared/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Counts of the payload and the plural-aware text that shows each (`notifications.counts.*`: one smart_count per text). */
const COUNTS = { created_count: 'created', updated_count: 'updated', error_count: 'errors' } as const;

/**
 * `notifications.{kind}` with the payload as polyglot parameters; the import type is translated,
 * and each count becomes its own phrase ("1 erro", "2 erros") under the count's name without `_count`.
 */
export function notificationText(notification: Pick<Notification, 'kind' | 'payload'>, translate: Translate): string {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(notification.payload)) params[key] = value ?? '';
  for (const [key, name] of Object.entries(COUNTS)) {
    const count = notification.payload[key];
    if (typeof count === 'number') params[name] = translate(`notifications.counts.${name}`, { smart_count: count });
  }
  const type = notification.payload.import_type;
  if (typeof type === 'string' && (IMPORT_TYPES as readonly string[]).includes(type)) {
    params.import_type = translate(`resources.admin-imports.types.${type}`);
  }
  return translate(`notifications.${notification.kind}`, { ...params, _: notification.kind });
}

export type LinkTarget = { kind: 'router'; path: string } | { kind: 'external'; url: string } | null;

/**
 * Where a notification's `link` leads: an admin path (`/admin/...`) opens inside the app
 * (react-router paths are relative to the basename); an absolute URL (a report download) or
 * another app's path opens in a new tab.
 */
export function linkTarget(link: unknown, basename: string): LinkTarget {
  if (typeof link !== 'string' || link.trim() === '') return null;
  if (/^https?:\/\//i.test(link)) return { kind: 'external', url: link };
  if (!link.startsWith('/')) return null;
  if (link === basename || link === `${basename}/`) return { kind: 'router', path: '/' };
  if (link.startsWith(`${basename}/`)) return { kind: 'router', path: link.slice(basename.length) };
  return { kind: 'external', url: link };
}
