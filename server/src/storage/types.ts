import type { Readable } from 'node:stream';

/**
 * DESIGN "Files and media": every stored file goes through one interface. Keys are paths
 * relative to the store's root (today's `$DATA_DIR`: `media/…`, `reports/…`, `certificates/…`,
 * `imports/…`), `/`-separated, never leaving the root (storage/keys.ts checks them).
 */
export interface StoredObject {
  size: number;
  modified: Date;
  /** a quoted strong validator, as HTTP sends it */
  etag: string;
}

export interface ListedObject extends StoredObject {
  key: string;
}

/** What a conditional or ranged read asked for (the request's own headers). */
export interface ReadConditions {
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** A stored file opened for an answer: the status to send, its headers and its bytes. */
export interface OpenedObject {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** A browser form POST straight to the store (spec 2 §7.5 step 2): where, and the fields before the file. */
export interface SignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * What a bucket object carries for whoever reads it from the bucket (a CDN in front of it);
 * the local disk keeps none: this server's routes set the answer's headers.
 */
export interface ObjectMetadata {
  contentType?: string;
  cacheControl?: string;
}

export interface LocalCopy {
  file: string;
  release(): Promise<void>;
}

export interface FileStorage {
  /** 'local': files under DATA_DIR; 's3': an S3-compatible bucket */
  readonly kind: 'local' | 's3';
  /** Stores bytes at `key`; `exclusive` refuses an existing key (EEXIST). */
  put(key: string, body: Buffer, options?: { exclusive?: boolean } & ObjectMetadata): Promise<void>;
  /** Stores a local file at `key`; `move` lets the local store rename it instead of copying. */
  putFile(key: string, file: string, options?: { move?: boolean } & ObjectMetadata): Promise<void>;
  /** The bytes at `key`, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredObject | null>;
  list(prefix: string): Promise<ListedObject[]>;
  copy(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix` (which ends in `/`). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Writes `key` through a local file that `write` fills (xlsx and PDF writers, streamed
   * exports): the key appears whole or not at all.
   */
  writeWith(key: string, write: (file: string) => Promise<void>, options?: { contentType?: string }): Promise<void>;
  /** Fills the folder `prefix` (ending in `/`) through a local folder (an unpacked package). */
  writeTreeWith(prefix: string, fill: (dir: string) => Promise<void>): Promise<void>;
  /** Runs `read` on a local copy of `key` (parsers that need a file); null when there is none. */
  readWith<T>(key: string, read: (file: string) => Promise<T>): Promise<T | null>;
  /** A local copy of `key` held until `release` (a file read across many steps, an import's rows); null when there is none. */
  localCopy(key: string): Promise<LocalCopy | null>;
  /** Opens `key` for an HTTP answer with byte ranges and conditional GETs; null when there is none. */
  open(key: string, conditions: ReadConditions): Promise<OpenedObject | null>;
  /**
   * A short-lived URL that reads `key` from the store itself: the bucket's presigned GET; null on
   * the local disk, whose files only this server's own routes serve.
   */
  signedUrl(key: string, options: { expiresIn: number; disposition?: string }): Promise<string | null>;
  /** A signed form POST of one file to `key`, at most `maxBytes`; null on the local disk (our own route takes it). */
  signedPost(key: string, options: { expiresIn: number; maxBytes: number; contentType?: string }): Promise<SignedPost | null>;
  /** Whether the store answers (readiness): a write-and-read probe's failure throws. */
  probe(): Promise<void>;
}
