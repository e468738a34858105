import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PLAYLIST_HEADERS, SEGMENT_HEADERS, type HlsStore, type StoredFile } from './hlsStore.ts';
import { parseMediaPlaylist } from './playlist.ts';

export interface PublisherLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface HlsPublisherOptions {
  /** ffmpeg's output folder on this node */
  dir: string;
  /** the same folder as a media resource (`webcasts/{id}/live/{session}`) */
  resource: string;
  /** ffmpeg's playlist, a file name in `dir` */
  playlist: string;
  store: HlsStore;
  log: PublisherLog;
}

/** What a finished publication left behind. */
export interface PublishedRecording {
  /** every file of the recording is in the store with its size (and checksum where the store gives one) */
  verified: boolean;
  /** files in the store */
  files: number;
}

/** An S3 ETag of a single-part upload is the MD5 of the bytes; others (multipart, SSE-KMS) are not. */
const plainMd5 = (etag: string) => /^"?([0-9a-f]{32})"?$/i.exec(etag)?.[1]?.toLowerCase() ?? null;

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** What a published file was on the disk. */
interface Sent {
  size: number;
  md5: string;
}

/** The store holds the bytes sent: the same size, and the same MD5 where its ETag is one. */
const holds = (stored: StoredFile | undefined, sent: Sent) => !!stored && stored.size === sent.size
  && (plainMd5(stored.etag) ?? sent.md5) === sent.md5;

const localSize = (file: string) => fs.promises.stat(file).then((stat) => (stat.isFile() ? stat.size : null), () => null);

/** A segment name as ffmpeg writes it: a path inside the folder. */
const insideFolder = (uri: string) => !!uri && !uri.includes('\\') && !path.posix.isAbsolute(uri)
  && !uri.includes('://') && path.posix.normalize(uri) === uri && !uri.startsWith('../');

/**
 * Publishes one ffmpeg HLS output to the store as ffmpeg completes it (docs/production.md
 * "Object storage"). ffmpeg's playlist is the signal: with `-hls_flags temp_file` a segment is
 * renamed into place when it is complete and only then named by the playlist, which is itself
 * written aside and renamed. So each new playlist text names finished segments: those not yet
 * published are uploaded first, then the playlist (a reader never meets a playlist naming a
 * missing segment); segments ffmpeg dropped from its list and deleted (`delete_segments`) are
 * removed from the store too. Calls are serialized.
 */
export class HlsPublisher {
  /** segment uri → what was uploaded */
  private readonly published = new Map<string, Sent>();
  private lastText: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: HlsPublisherOptions) {}

  private get playlistFile() {
    return path.join(this.options.dir, this.options.playlist);
  }

  private resourceOf(name: string) {
    return `${this.options.resource}/${name}`;
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Publishes the playlist `text` ffmpeg wrote (and the segments it names). False when a named
   * segment is gone from the disk already — ffmpeg moved on and deleted it — so this text is
   * stale and is not published (the next one is).
   */
  publish(text: string): Promise<boolean> {
    return this.serial(() => this.publishNow(text));
  }

  /** Reads ffmpeg's playlist and publishes it if it changed since the last time. */
  sync(): Promise<boolean> {
    return this.serial(async () => {
      const text = await fs.promises.readFile(this.playlistFile, 'utf8').catch(() => null);
      return text === null ? false : this.publishNow(text);
    });
  }

  private async publishNow(text: string): Promise<boolean> {
    if (text === this.lastText) return true;
    const { segments } = parseMediaPlaylist(text);
    const named = new Set<string>();
    for (const { uri } of segments) {
      if (!insideFolder(uri)) {
        this.options.log.warn({ uri }, 'HLS segment outside its folder not published');
        continue;
      }
      named.add(uri);
      if (this.published.has(uri)) continue;
      const file = path.join(this.options.dir, uri);
      const size = await localSize(file);
      if (size === null) return false;
      await this.options.store.putFile(this.resourceOf(uri), file, SEGMENT_HEADERS);
      // hashed while the file is fresh in the page cache: the end of the session only compares
      this.published.set(uri, { size, md5: await md5Of(file) });
    }
    await this.options.store.putText(this.resourceOf(this.options.playlist), text, PLAYLIST_HEADERS);
    this.lastText = text;
    for (const uri of [...this.published.keys()]) {
      if (named.has(uri) || (await localSize(path.join(this.options.dir, uri))) !== null) continue;
      await this.options.store.remove(this.resourceOf(uri));
      this.published.delete(uri);
    }
    return true;
  }

  /** Polls ffmpeg's playlist every `intervalMs` (for an output nobody else reads); `stop` waits for the last upload. */
  follow(intervalMs: number): { stop(): Promise<void> } {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.sync().catch((error: unknown) => this.options.log.error({ err: error }, 'HLS not published'))
        .finally(() => { busy = false; });
    }, intervalMs);
    return {
      stop: async () => {
        clearInterval(timer);
        await this.queue;
      },
    };
  }

  /**
   * After ffmpeg exited: publishes its last playlist (the one with `#EXT-X-ENDLIST`), checks in
   * one listing that the store holds every file it names whole (size, and MD5 where the ETag is
   * one; a mismatch is uploaded once more), and only then removes the local folder. A folder
   * that cannot be verified stays on the disk (and is logged) so nothing recorded is lost.
   */
  finish(): Promise<PublishedRecording> {
    return this.serial(async () => {
      const text = await fs.promises.readFile(this.playlistFile, 'utf8').catch(() => null);
      if (text === null) {
        // nothing was recorded: no playlist, at most a segment ffmpeg never finished
        await fs.promises.rm(this.options.dir, { recursive: true, force: true });
        return { verified: true, files: 0 };
      }
      this.lastText = null;
      if (!(await this.publishNow(text))) this.options.log.warn({ dir: this.options.dir }, 'the last playlist names a segment that is not on the disk');
      const expected = new Map(this.published);
      expected.set(this.options.playlist, { size: Buffer.byteLength(text), md5: createHash('md5').update(text).digest('hex') });
      const missing = async () => {
        const stored = await this.options.store.stored(this.options.resource);
        return [...expected].filter(([name, sent]) => !holds(stored.get(name), sent)).map(([name]) => name);
      };
      let wrong = await missing();
      if (wrong.length) {
        for (const name of wrong) {
          const file = path.join(this.options.dir, name);
          if ((await localSize(file)) !== null) {
            await this.options.store.putFile(this.resourceOf(name), file, name === this.options.playlist ? PLAYLIST_HEADERS : SEGMENT_HEADERS);
          }
        }
        wrong = await missing();
      }
      if (wrong.length) {
        this.options.log.error({ resource: this.options.resource, files: wrong }, 'recording not verified in the store: the local copy is kept');
        return { verified: false, files: expected.size - wrong.length };
      }
      await fs.promises.rm(this.options.dir, { recursive: true, force: true });
      return { verified: true, files: expected.size };
    });
  }
}
