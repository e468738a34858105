/**
 * The learner portal's menu per client (spec 1 §2.3 "settings for menu editing", §6.2
 * settings_menu): an administrator renames, hides and reorders its entries. The configuration
 * is the client setting `learner_menu`, which the session already carries to the portal (no
 * request of its own on the first load).
 */

/** The portal's menu entries, in the order the portal shows them by default (spec 1 §2.2 routes). */
export const LEARNER_MENU_KEYS = [
  'home', 'courses', 'trails', 'webcasts', 'live_classes', 'presential', 'field_sales', 'surveys', 'drills', 'general_tests',
  'rewards', 'library', 'podcasts', 'news', 'feed', 'calendar', 'messages', 'profile',
] as const;
export type LearnerMenuKey = (typeof LEARNER_MENU_KEYS)[number];

/** One entry as a client configured it: label '' keeps the portal's own word. */
export interface LearnerMenuEntry { key: LearnerMenuKey; label: string; hidden: boolean }

export const LEARNER_MENU_LABEL_MAX = 40;

export const isLearnerMenuKey = (key: unknown): key is LearnerMenuKey => (LEARNER_MENU_KEYS as readonly unknown[]).includes(key);

/**
 * Every entry once, in the client's order: the configured ones first (unknown keys and repeats
 * dropped), then those the configuration does not name — an entry the portal gains later shows,
 * in its default place among the rest, until the client moves or hides it.
 */
export function learnerMenuEntries(configured: readonly { key: string; label?: string; hidden?: boolean }[] | null | undefined): LearnerMenuEntry[] {
  const seen = new Set<LearnerMenuKey>();
  const entries: LearnerMenuEntry[] = [];
  for (const entry of configured ?? []) {
    if (!isLearnerMenuKey(entry.key) || seen.has(entry.key)) continue;
    seen.add(entry.key);
    entries.push({ key: entry.key, label: (entry.label ?? '').trim().slice(0, LEARNER_MENU_LABEL_MAX), hidden: entry.hidden === true });
  }
  for (const key of LEARNER_MENU_KEYS) if (!seen.has(key)) entries.push({ key, label: '', hidden: false });
  return entries;
}

/** The entries the portal shows, in order: the hidden ones left out. */
export const visibleLearnerMenu = (configured: Parameters<typeof learnerMenuEntries>[0]): LearnerMenuEntry[] =>
  learnerMenuEntries(configured).filter((entry) => !entry.hidden);

/** The selected client's menu configuration from the session user (empty: the portal's own menu). */
export function selectedLearnerMenu(
  user: { id_user_client_selected?: number | null; user_clients: readonly { id: number; settings: { learner_menu?: readonly LearnerMenuEntry[] } }[] } | null | undefined,
): LearnerMenuEntry[] {
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected);
  return visibleLearnerMenu(client?.settings.learner_menu);
}
