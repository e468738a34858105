import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { OVERVIEW_EXPIRING_DAYS, canOpenAdminTitle } from '@lp/shared/rules';

/**
 * The overview's drill-downs (spec 1 §2.3): each figure opens the admin list that shows its rows,
 * filtered as react-admin reads a list's URL (`filter`, and `displayedFilters` for a filter
 * that is not always on). A link is only offered to who may open its screen (spec 1 §6.1).
 */
function listLink(resource: keyof typeof ADMIN_RESOURCES, filter?: Record<string, unknown>, displayed: string[] = []): string {
  const { name } = ADMIN_RESOURCES[resource];
  if (!filter) return `/${name}`;
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (displayed.length) query.set('displayedFilters', JSON.stringify(Object.fromEntries(displayed.map((key) => [key, true]))));
  return `/${name}?${query.toString()}`;
}

export const OVERVIEW_LINKS = {
  /** users awaiting validation (spec 1 §4.1) */
  pendingUsers: { title: ADMIN_RESOURCES.users.title, to: listLink('users', { status: 'awaiting_validation' }) },
  /** holders of a certificate expiring within the window the figure counts */
  expiringCertificates: {
    title: ADMIN_RESOURCES.users.title,
    to: listLink('users', { certificate_expires_within: OVERVIEW_EXPIRING_DAYS }, ['certificate_expires_within']),
  },
  /** the imports (superuser only, spec 1 §6.1) */
  imports: { title: ADMIN_RESOURCES.imports.title, to: listLink('imports') },
  trainings: { title: ADMIN_RESOURCES.trainings.title, to: listLink('trainings') },
  webcasts: { title: ADMIN_RESOURCES.webcasts.title, to: listLink('webcasts') },
} as const;

export const trainingLink = (id: number) => `/${ADMIN_RESOURCES.trainings.name}/${id}`;
export const webcastLink = (id: number) => `/${ADMIN_RESOURCES.webcasts.name}/${id}`;

/** The link when the user may open its screen, else null (the figure is shown without one). */
export function linkFor(user: SessionUser | null | undefined, link: { title: string; to: string }): string | null {
  return user && canOpenAdminTitle(user, link.title) === 'allow' ? link.to : null;
}
