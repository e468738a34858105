import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from '../columns.ts';

/** Podcasts (2026_11_23_0021_library_podcasts; spec 3 §3 "Podcast"). */
export interface PodcastTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  image_url: string | null;
  /** 1 published, 2 unpublished */
  status: Generated<number>;
  /** YYYY-MM-DD: from this day it is no longer published */
  date_to_unpublish: string | null;
  /** relative to the media root */
  resource: string;
  file_name: string;
  extension: string;
  size: Generated<number>;
  /** seconds */
  duration: Generated<number>;
  published_at: NullableTimestamp;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PodcastRow = Selectable<PodcastTable>;

export interface PodcastPlaylistTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PodcastPlaylistRow = Selectable<PodcastPlaylistTable>;

export interface PodcastPlaylistItemTable { playlist_id: number; podcast_id: number; position: number }

/** A learner's listened position in a podcast (resumed), finished from 90 % heard. */
export interface PodcastProgressTable {
  podcast_id: number;
  user_id: number;
  position_seconds: Generated<number>;
  percent: Generated<number>;
  status: Generated<'ongoing' | 'finished'>;
  finished_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
}
export type PodcastProgressRow = Selectable<PodcastProgressTable>;
