/**
 * The audience preview of the editors (spec 2 §5.1, §6; spec 3 §1 "Content visibility is
 * targeted by areas, profiles and groups"): whom an audience being edited reaches, counted by the
 * server with the rule that decides what learners see (docs/architecture/audience.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_RESOURCES } from './adminResources.ts';

export const AUDIENCE_PREVIEW_PATH = '/admin_audience/preview/';

/** How many names the answer samples. */
export const AUDIENCE_PREVIEW_SAMPLE = 5;

/** The admin screens whose editors have an audience: any one of them opens the preview. */
export const AUDIENCE_PREVIEW_TITLES = [
  ADMIN_RESOURCES.trainings.title, ADMIN_RESOURCES.trails.title, ADMIN_RESOURCES.webcasts.title, ADMIN_RESOURCES.live_classes.title,
  ADMIN_RESOURCES.news.title, ADMIN_RESOURCES.libraries.title, ADMIN_RESOURCES.podcasts.title, ADMIN_RESOURCES.banners.title,
  ADMIN_RESOURCES.welcome_banners.title, ADMIN_RESOURCES.messages.title, ADMIN_RESOURCES.wild_cards.title, ADMIN_RESOURCES.surveys.title,
  ADMIN_RESOURCES.general_tests.title, ADMIN_RESOURCES.presential_appointments.title, ADMIN_RESOURCES.reward_campaigns.title,
] as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

/** POST body: the audience as the form holds it (a dimension left out is empty). */
export const AudiencePreviewQuery = Type.Object({
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type AudiencePreviewQuery = Static<typeof AudiencePreviewQuery>;

export const AudiencePreviewAnswer = Type.Object({
  /** the client's people who can log in and whom the audience reaches */
  count: Type.Integer({ minimum: 0 }),
  /** a few of them, by name */
  sample: Type.Array(Type.Object({ id: Type.Integer(), full_name: Type.String() }), { maxItems: AUDIENCE_PREVIEW_SAMPLE }),
});
export type AudiencePreviewAnswer = Static<typeof AudiencePreviewAnswer>;
