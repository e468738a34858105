/**
 * Every content kind that has an audience, declared once (spec 2 §5.1, §5.9, §6; spec 3 §1
 * "Content visibility is targeted by areas, profiles and groups"): its table, the prefix of its
 * link tables (`{links}_areas`, `{links}_profiles`, `{links}_user_groups`, and `{links}_tags`
 * when it has tags), and whether it marks mandatory areas and profiles (spec 2 §3.1). The audience
 * repository reaches a kind's link tables only through this declaration; adding a kind is one
 * line here (and its link tables in a migration).
 */
import { RenameTablesPlugin } from '../../db/renameTables.ts';
import type { Database } from '../../db/database.ts';
import type {
  AudienceAreaTable, AudienceProfileTable, AudienceTagTable, AudienceUserGroupTable,
} from '../../db/tables/audience.table.ts';

/** The prefixes P for which `${P}_${suffix}` is a table. */
type PrefixOf<Suffix extends string> = keyof Database extends infer T ? T extends `${infer P}_${Suffix}` ? P : never : never;
type LinkPrefix = PrefixOf<'areas'> & PrefixOf<'profiles'> & PrefixOf<'user_groups'>;
type TaggedPrefix = LinkPrefix & PrefixOf<'tags'>;
/** Tables whose rows can own an audience: an id and the client they belong to. */
type OwnerTable = { [T in keyof Database]: Database[T] extends { id: unknown; client_id: unknown } ? T : never }[keyof Database];

type KindDeclaration =
  | { owner: OwnerTable; links: TaggedPrefix; tags: true; mandatory: boolean }
  | { owner: OwnerTable; links: LinkPrefix; tags: false; mandatory: boolean };

export const AUDIENCE_KINDS = {
  training: { owner: 'group_trainings', links: 'group_training', tags: true, mandatory: true },
  trail: { owner: 'trails', links: 'trail', tags: true, mandatory: true },
  webcast: { owner: 'webcasts', links: 'webcast', tags: true, mandatory: false },
  live_class: { owner: 'live_classes', links: 'live_class', tags: true, mandatory: false },
  news: { owner: 'news', links: 'news', tags: true, mandatory: false },
  library_file: { owner: 'library_files', links: 'library_file', tags: true, mandatory: false },
  podcast: { owner: 'podcasts', links: 'podcast', tags: true, mandatory: false },
  banner: { owner: 'banners', links: 'banner', tags: false, mandatory: false },
  welcome_banner: { owner: 'welcome_banners', links: 'welcome_banner', tags: false, mandatory: false },
  message: { owner: 'messages', links: 'message', tags: false, mandatory: false },
  wildcard_page: { owner: 'wildcard_pages', links: 'wildcard_page', tags: false, mandatory: false },
  survey: { owner: 'surveys', links: 'survey', tags: false, mandatory: false },
  general_test: { owner: 'general_tests', links: 'general_test', tags: false, mandatory: false },
  // spec 3 §3 an appointment's target audience
  presential_appointment: { owner: 'presential_appointments', links: 'presential_appointment', tags: false, mandatory: false },
  // spec 3 §3 "Reward campaign: … audience" (who the campaign targets; spec 3 §6 the required profile is checked apart)
  reward_campaign: { owner: 'reward_campaigns', links: 'reward_campaign', tags: false, mandatory: false },
  // spec 1 §2.3 schedule/{id}: a calendar item shows in the calendar and home of its audience only
  schedule_event: { owner: 'schedule_events', links: 'schedule_event', tags: false, mandatory: false },
} as const satisfies Record<string, KindDeclaration>;

export type AudienceKind = keyof typeof AUDIENCE_KINDS;
type Kinds = typeof AUDIENCE_KINDS;
/** Kinds whose content carries tags. */
export type TaggedKind = { [K in AudienceKind]: Kinds[K]['tags'] extends true ? K : never }[AudienceKind];
/** Kinds that mark mandatory areas and profiles. */
export type MandatoryKind = { [K in AudienceKind]: Kinds[K]['mandatory'] extends true ? K : never }[AudienceKind];

/**
 * The virtual tables the repository is written against, renamed per kind. `audience_owners` is
 * the content table itself: a learner rule correlates with the outer query's row through it.
 */
export type AudienceTables = {
  audience_owners: { id: number; client_id: number };
  audience_areas: AudienceAreaTable;
  audience_profiles: AudienceProfileTable;
  audience_user_groups: AudienceUserGroupTable;
  audience_tags: AudienceTagTable;
};

/** The dimensions of an audience, as the contract names them. */
export type AudienceDimension = 'areas' | 'profiles' | 'user_groups' | 'tags';

const tableNames = (kind: AudienceKind): Record<keyof AudienceTables, string> => {
  const { owner, links } = AUDIENCE_KINDS[kind];
  // a kind without tags has no `{links}_tags`: the repository only reads tags of TaggedKind
  return {
    audience_owners: owner, audience_areas: `${links}_areas`, audience_profiles: `${links}_profiles`,
    audience_user_groups: `${links}_user_groups`, audience_tags: `${links}_tags`,
  };
};

const plugins = new Map<AudienceKind, RenameTablesPlugin>();

/** The plugin that renames the virtual tables into the kind's own. */
export function audiencePlugin(kind: AudienceKind): RenameTablesPlugin {
  let plugin = plugins.get(kind);
  if (!plugin) plugins.set(kind, plugin = new RenameTablesPlugin(tableNames(kind)));
  return plugin;
}

export const hasTags = (kind: AudienceKind): kind is TaggedKind => AUDIENCE_KINDS[kind].tags;
export const hasMandatory = (kind: AudienceKind): kind is MandatoryKind => AUDIENCE_KINDS[kind].mandatory;
