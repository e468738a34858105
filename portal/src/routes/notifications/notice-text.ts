import type { Notification } from '@lp/shared/contract';
import type { Translate } from '../../lib/i18n.ts';

/**
 * A notice in the reader's language: `portal.notices.kinds.{kind}` with the payload as its
 * `{name}` parameters; a kind the portal does not word shows the text the server stored in the
 * recipient's language (`text`), or a generic line.
 */
export function noticeText(notice: Pick<Notification, 'kind' | 'payload'>, t: Translate): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(notice.payload)) params[key] = value ?? '';
  const key = `portal.notices.kinds.${notice.kind}`;
  const text = t(key, params);
  if (text !== key) return text;
  return typeof notice.payload.text === 'string' && notice.payload.text !== '' ? notice.payload.text : t('portal.notices.kinds.other');
}

export type NoticeTarget = { kind: 'portal'; path: string } | { kind: 'external'; url: string } | null;

/**
 * Where a notice's `link` leads: a portal path (`/surveys/12`) opens inside the portal; the
 * admin's paths (a face-to-face workflow step for its approvers) and absolute URLs leave it.
 */
export function noticeTarget(link: unknown): NoticeTarget {
  if (typeof link !== 'string' || link.trim() === '') return null;
  if (/^https?:\/\//i.test(link)) return { kind: 'external', url: link };
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  if (link === '/admin' || link.startsWith('/admin/')) return { kind: 'external', url: link };
  return { kind: 'portal', path: link };
}
