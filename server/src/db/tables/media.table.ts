import type { Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../columns.ts';

export type MediaKind = 'file' | 'html_package' | 'scorm_package';

/** A stored file of a module or support material (migration 2026_11_23_0001_training_media). */
export interface MediaObjectTable {
  id: string;
  client_id: number;
  /** relative to $DATA_DIR/media: the file a module or material points at (a package's entry) */
  resource: string;
  /** relative to $DATA_DIR/media: the file as uploaded (a package's zip) */
  source: string;
  kind: MediaKind;
  scorm_version: string | null;
  file_name: string;
  extension: string;
  /** read as number (pg int8 parser) or number (SQLite) */
  size: number | string;
  created_by: number | null;
  created_at: Timestamp;
  /** a video or audio file's seconds, read from the file on its first play (null: not yet, or unreadable) */
  duration: number | null;
}
export type MediaObjectRow = Selectable<MediaObjectTable>;
export type NewMediaObjectRow = Insertable<MediaObjectTable>;

/** spec 2 §7.5 an editor image between its policy and its completion. */
export interface EditorImageUploadTable {
  id: string;
  user_id: number;
  client_id: number | null;
  directory: string;
  file_name: string;
  signature_hash: string;
  resource: string | null;
  size: number | string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  uploaded_at: Timestamp | null;
  completed_at: Timestamp | null;
}
export type EditorImageUploadRow = Selectable<EditorImageUploadTable>;
