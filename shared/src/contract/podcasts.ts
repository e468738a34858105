import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';
import { Reactions } from './learner.ts';
import { PODCASTS_PATH } from './collections.ts';

/**
 * Podcasts (spec 3 §2, §3 "Podcast", §4, §5). Spec 3 §7 shows only the comment
 * calls (/admin_podcast/podcasts/{id}/comments/ and publish_comment/, registered through the
 * shared comments module); the rest follows the same base in the style of the other admin
 * contracts (JSON bodies, both list envelopes), and of the learner contract under /podcasts/.
 */
const PODCASTS = PODCASTS_PATH;
const PLAYLISTS = '/admin_podcast/playlists/';
const LEARNER = '/podcasts/';

export const PODCAST_PATHS = {
  collection: PODCASTS,
  item: (id: number | string) => `${PODCASTS}${id}/`,
  /** POST {upload} (a finished tus upload of PODCAST_UPLOAD_KINDS.image) → {image_url} */
  images: '/admin_podcast/podcast_images/',
  playlists: PLAYLISTS,
  playlist: (id: number | string) => `${PLAYLISTS}${id}/`,
  learnerPodcasts: LEARNER,
  learnerPlaylists: `${LEARNER}playlists/`,
  learnerPodcast: (id: number | string) => `${LEARNER}${id}/`,
  /** POST the listened position (resumed next time) */
  learnerProgress: (id: number | string) => `${LEARNER}${id}/progress/`,
  learnerFavorite: (id: number | string) => `${LEARNER}${id}/favorite/`,
  learnerLike: (id: number | string) => `${LEARNER}${id}/like/`,
  learnerRate: (id: number | string) => `${LEARNER}${id}/rate/`,
  learnerComments: (id: number | string) => `${LEARNER}${id}/comments/`,
} as const;

/** tus metadata `kind` of podcast files. */
export const PODCAST_UPLOAD_KINDS = {
  /** mp3 or wav, ≤ 150 MB; the duration is read from the file on the server */
  audio: 'podcast_audio',
  /** jpg, jpeg or png, ≤ 150 MB */
  image: 'podcast_image',
} as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableString = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });

/** GET /admin_podcast/podcasts/{id}/, each list row, and the answer of every write. */
export const Podcast = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  image_url: NullableText,
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  /** YYYY-MM-DD: from this day it is no longer published */
  date_to_unpublish: NullableText,
  /** the stored audio's media path (send it back unchanged to keep the audio) */
  resource: Type.String(),
  resource_url: Type.String(),
  file_name: Type.String(),
  extension: Type.String(),
  size: Type.Integer(),
  /** seconds, read from the file */
  duration: Type.Number(),
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  /** learners who started it / finished it */
  listeners: Type.Integer(),
  finished: Type.Integer(),
  likes: Type.Integer(),
  comments: Type.Integer(),
  published_at: NullableText,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Podcast = Static<typeof Podcast>;

/** POST /admin_podcast/podcasts/ and PUT …/{id}/ (JSON); an omitted field keeps its stored value. */
export const PodcastInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** one of our media URLs (from the images call), or null / '' to clear */
  image_url: Type.Optional(NullableString(1000)),
  status: Type.Optional(Type.Integer()),
  date_to_unpublish: Type.Optional(NullableString(10)),
  /** a finished tus upload of PODCAST_UPLOAD_KINDS.audio, or the stored media path to keep the audio */
  resource: Type.Optional(Type.String({ maxLength: 1000 })),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type PodcastInput = Static<typeof PodcastInput>;

export const PodcastListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
})]);
export type PodcastListQuery = Static<typeof PodcastListQuery>;

export const PodcastImageInput = Type.Object({ upload: Type.String({ minLength: 1, maxLength: 100 }) });
export const PodcastImage = Type.Object({ image_url: Type.String() });
export type PodcastImage = Static<typeof PodcastImage>;

/** A playlist as the admin reads it: its podcasts in playing order. */
export const Playlist = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  podcasts: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), duration: Type.Number(), status: Type.Integer() })),
  /** seconds */
  total_duration: Type.Number(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Playlist = Static<typeof Playlist>;

/** POST /admin_podcast/playlists/ and PUT …/{id}/ (JSON): the whole ordered list each time. */
export const PlaylistInput = Type.Object({
  title: Type.String({ maxLength: 2000 }),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  podcasts: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 }),
});
export type PlaylistInput = Static<typeof PlaylistInput>;

export const PodcastProgressState = Type.Union([Type.Literal('not_started'), Type.Literal('ongoing'), Type.Literal('finished')]);
export type PodcastProgressState = Static<typeof PodcastProgressState>;

/** A podcast as a learner's list shows it. */
export const LearnerPodcastCard = Type.Composite([Reactions, Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  image_url: NullableText,
  /** seconds */
  duration: Type.Number(),
  tags: Type.Array(NamedRef),
  status: PodcastProgressState,
  percent: Type.Integer(),
  /** where the learner stopped (resumed there) */
  position_seconds: Type.Number(),
})]);
export type LearnerPodcastCard = Static<typeof LearnerPodcastCard>;

export const LearnerPodcastPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerPodcastCard) });
export type LearnerPodcastPage = Static<typeof LearnerPodcastPage>;

/** GET /podcasts/{id}/: the card plus what the player needs. */
export const LearnerPodcast = Type.Composite([LearnerPodcastCard, Type.Object({
  audio_url: Type.String(),
  /** listened (≥ 90 %) and not yet commented (spec 2 §4.10 "once", as for trainings) */
  can_comment: Type.Boolean(),
  published_at: NullableText,
})]);
export type LearnerPodcast = Static<typeof LearnerPodcast>;

/** A playlist with the podcasts of it the learner may hear, in order. */
export const LearnerPlaylist = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  total_duration: Type.Number(),
  podcasts: Type.Array(LearnerPodcastCard),
});
export type LearnerPlaylist = Static<typeof LearnerPlaylist>;
export const LearnerPlaylistList = Type.Array(LearnerPlaylist);

/** POST /podcasts/{id}/progress/: where the player is; the server keeps the highest percent. */
export const PodcastProgressBody = Type.Object({
  position_seconds: Type.Number({ minimum: 0 }),
  /** ended: the whole audio was heard */
  ended: Type.Optional(Type.Boolean()),
});
export const PodcastProgressAnswer = Type.Object({
  status: PodcastProgressState,
  percent: Type.Integer(),
  position_seconds: Type.Number(),
  can_comment: Type.Boolean(),
});
export type PodcastProgressAnswer = Static<typeof PodcastProgressAnswer>;
