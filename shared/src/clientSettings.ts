import type { ClientSettings } from './contract/session.ts';

/**
 * A client's settings where its settings JSON has no value: what the
 * session answers and what the training editor assumes. A rule, not a schema, so that the rules
 * entry loads without TypeBox.
 */
export const DEFAULT_CLIENT_SETTINGS: ClientSettings = {
  title_trainings: 'trainings',
  title_webcasts: 'webinars',
  title_news: 'news',
  use_comments_group_training: true,
  use_comments_webcast: true,
  use_comments_news: true,
  has_games: false,
  has_forum: false,
  group_training_use_evaluations: true,
  group_training_use_basic: true,
  group_training_use_score: true,
  group_training_use_static_score: false,
  group_training_use_workload: true,
  use_group_training_code: true,
  use_training_subscription: false,
  use_group_trainings_certificate_expiration: true,
  login_use_portfolio_page: false,
  webcast_use_score: true,
  webcast_use_static_score: false,
  points_name: 'points',
  default_country_code: 'BRA',
  currency: '',
  logo: '',
  learner_menu: [],
};

/** The sections a client may rename (spec 1 §3.2 title_trainings, title_webcasts, title_news). */
export type RenamableSection = 'trainings' | 'webcasts' | 'news';

const SECTION_SETTING = { trainings: 'title_trainings', webcasts: 'title_webcasts', news: 'title_news' } as const;

/**
 * The selected client's own word for a section, or null where it keeps ours: an empty value or the
 * default key (spec 2 §1 "title_trainings (default 'trainings') and title_webcasts (default
 * 'webinars') rename the sections"; spec 3 §2 title_news, default 'news').
 */
export function sectionHeading(
  user: { id_user_client_selected?: number | null; user_clients: readonly { id: number; settings: Partial<ClientSettings> }[] } | null | undefined,
  section: RenamableSection,
): string | null {
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected);
  const key = SECTION_SETTING[section];
  const heading = client?.settings[key]?.trim();
  return heading && heading !== DEFAULT_CLIENT_SETTINGS[key] ? heading : null;
}
