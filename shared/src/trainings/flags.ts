import { DEFAULT_CLIENT_SETTINGS } from '../clientSettings.ts';

/**
 * spec 2 §3.1 "Client parameters that affect trainings" and the client settings the training
 * editor reads (§2.3 tabs). Read from the client's settings JSON; a missing key takes the
 * default here (the session's defaults where the session already carries the flag).
 */
export const TRAINING_CLIENT_FLAG_DEFAULTS = {
  group_training_use_evaluations: DEFAULT_CLIENT_SETTINGS.group_training_use_evaluations,
  group_training_use_basic: DEFAULT_CLIENT_SETTINGS.group_training_use_basic,
  group_training_use_score: DEFAULT_CLIENT_SETTINGS.group_training_use_score,
  group_training_use_static_score: DEFAULT_CLIENT_SETTINGS.group_training_use_static_score,
  group_training_use_workload: DEFAULT_CLIENT_SETTINGS.group_training_use_workload,
  use_group_training_code: DEFAULT_CLIENT_SETTINGS.use_group_training_code,
  use_training_subscription: DEFAULT_CLIENT_SETTINGS.use_training_subscription,
  use_group_trainings_certificate_expiration: DEFAULT_CLIENT_SETTINGS.use_group_trainings_certificate_expiration,
  login_use_portfolio_page: DEFAULT_CLIENT_SETTINGS.login_use_portfolio_page,
  /** spec 2 §2.3: "on by default when the client is not found" */
  use_comments_group_training: DEFAULT_CLIENT_SETTINGS.use_comments_group_training,
  has_games: DEFAULT_CLIENT_SETTINGS.has_games,
  has_forum: DEFAULT_CLIENT_SETTINGS.has_forum,
} as const;

export type TrainingClientFlag = keyof typeof TRAINING_CLIENT_FLAG_DEFAULTS;
export type TrainingClientFlags = Record<TrainingClientFlag, boolean>;
export const TRAINING_CLIENT_FLAGS = Object.keys(TRAINING_CLIENT_FLAG_DEFAULTS) as TrainingClientFlag[];

/** The training flags of a client from its settings object; non-boolean values fall back to the default. */
export function trainingFlags(settings: Readonly<Record<string, unknown>> | null | undefined): TrainingClientFlags {
  const flags = { ...TRAINING_CLIENT_FLAG_DEFAULTS } as TrainingClientFlags;
  for (const flag of TRAINING_CLIENT_FLAGS) {
    const value = settings?.[flag];
    if (typeof value === 'boolean') flags[flag] = value;
    else if (value === 1 || value === 0) flags[flag] = value === 1;
  }
  return flags;
}
