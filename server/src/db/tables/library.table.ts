import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultBool, DefaultTimestamp, NullableTimestamp } from '../columns.ts';

/** The library (2026_11_23_0021_library_podcasts; spec 3 §3 "Library file"). */
export interface LibraryCategoryTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: DefaultTimestamp;
}
export type LibraryCategoryRow = Selectable<LibraryCategoryTable>;

export interface LibraryFileTable {
  id: Generated<number>;
  client_id: number;
  category_id: number | null;
  title: string;
  description: Generated<string>;
  /** spec 3 §3: a short text shown before the description (2026_11_28_0500) */
  introduction: Generated<string>;
  /** spec 3 §3: unique in the client, made from the title when none is given */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 active, 2 inactive */
  status: Generated<number>;
  allow_download: DefaultBool;
  /** relative to the media root */
  resource: string;
  file_name: string;
  extension: Generated<string>;
  size: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type LibraryFileRow = Selectable<LibraryFileTable>;

/** Who viewed and who downloaded a file, once each. */
export interface LibraryFileUserTable {
  library_file_id: number;
  user_id: number;
  viewed_at: NullableTimestamp;
  downloaded_at: NullableTimestamp;
}
