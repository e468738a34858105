import path from 'node:path';
import fp from 'fastify-plugin';
import { Server, type Upload } from '@tus/server';
import { IMPORT_MAX_BYTES, TUS_PATH } from '@lp/shared/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { AuthContext } from '../app/auth.ts';
import type { LocalCopy } from '../../storage/index.ts';
import { bucketUploads, diskUploads } from './tusStores.ts';
import { createRedisLocker } from './tusLocker.ts';

export const EXPIRE_UPLOADS_JOB = 'uploads.expire';
const HOUR_MS = 60 * 60 * 1000;

/** What a kind of upload may be (DESIGN "Files and media": validation by kind). */
export interface UploadKind {
  maxBytes: number;
  /** lower-case, with the dot ('.xlsx'); checked against the client's file name at creation */
  extensions?: readonly string[];
  /** whether this user may upload this kind at all */
  allowed?(auth: AuthContext): boolean;
}

/** A refusal tus sends as its answer (status and text body). */
interface TusRefusal { status_code: number; body: string }
const refuse = (status_code: number, body: string): TusRefusal => ({ status_code, body: `${body}\n` });

/**
 * The per-user quota (UPLOAD_QUOTA_MB): the bytes of the user's unfinished and unclaimed uploads
 * plus this one. One check-and-insert per user at a time (Postgres: the user's row locked for
 * the transaction; SQLite writes are serial), so simultaneous creations cannot both pass it.
 */
async function insertWithinQuota(
  db: Db, row: { id: string; user_id: number; client_id: number | null; kind: string; file_name: string; size: number }, quotaBytes: number, since: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
    const held = await trx.selectFrom('uploads').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('user_id', '=', row.user_id).where('consumed_at', 'is', null).where('created_at', '>', since.toISOString()).executeTakeFirstOrThrow();
    if (Number(held.bytes) + row.size > quotaBytes) return false;
    await trx.insertInto('uploads').values({ ...row, created_at: new Date(), completed_at: null, consumed_at: null }).execute();
    return true;
  });
}

export interface TusService {
  server: Server;
  defineKind(kind: string, def: UploadKind): void;
  /** the identity behind a tus request (set by the route before handing it over) */
  bindAuth(request: Request, auth: AuthContext): void;
  /** offset and size the store knows for an upload; null when there is none */
  progress(id: string): Promise<{ offset: number; size: number | null } | null>;
  /** a finished upload's bytes as a local file until `release` (validation, parsers); ENOENT when there are none */
  localCopy(id: string): Promise<LocalCopy>;
  /** runs `read` on a local copy of a finished upload's bytes (localCopy, then release) */
  readWith<T>(id: string, read: (file: string) => Promise<T>): Promise<T>;
  /** hands a finished upload's bytes to a feature: stored at the storage key `destination`, gone from tus */
  consume(id: string, destination: string): Promise<void>;
  /** drops a finished upload's bytes that a feature read (app.tus.readWith) and keeps nothing of */
  discard(id: string): Promise<void>;
  /** makes the finished upload `id` of a copy of the stored file at `source` (a module's file taken again); false when there is none */
  adopt(id: string, source: string, size: number): Promise<boolean>;
  /** removes the uploads (files and rows) created more than UPLOAD_TTL ago and never used; how many */
  expire(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tus: TusService;
  }
}

/** The client's file name is shown, never used as a path: last segment, no control characters. */
export function displayFileName(raw: string | null | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

/**
 * @tus/server over a file store under $DATA_DIR/uploads/tus, or with object storage over the
 * bucket (@tus/s3-store, tusStores.ts), so that any node resumes an upload and hands it to a
 * feature. Upload ids are the server's random names; the `uploads` table records who made each
 * one (routes/files/tus.ts checks it).
 */
export default fp<{ config: Config }>(async (app, { config }) => {
  // docs/security.md "Uploads": an unfinished upload expires (HEAD and PATCH answer 410, the job removes it)
  const expirationMs = config.uploadTtlSeconds * 1000;
  const bytes = config.s3
    ? bucketUploads(config.s3, app.storage, expirationMs)
    : await diskUploads(path.join(config.dataDir, 'uploads', 'tus'), app.storage, expirationMs);
  const { datastore } = bytes;
  const expiredBefore = (now = new Date()) => new Date(now.getTime() - config.uploadTtlSeconds * 1000);
  const kinds = new Map<string, UploadKind>();
  const auths = new WeakMap<Request, AuthContext>();
  // with Redis the upload lock holds across nodes (tusLocker.ts); alone, tus's in-process MemoryLocker
  const locker = config.redisUrl ? createRedisLocker(config.redisUrl, config.redisPrefix, app.log) : null;
  if (locker) app.addHook('onClose', async () => locker.close());

  const server = new Server({
    path: `/api${TUS_PATH}`.replace(/\/$/, ''),
    datastore,
    ...(locker ? { locker } : {}),
    relativeLocation: true,
    // the largest any kind allows; each kind's own limit is checked at creation
    maxSize: IMPORT_MAX_BYTES,
    async onUploadCreate(req, upload: Upload) {
      const auth = auths.get(req);
      if (!auth) throw refuse(401, 'Authentication credentials were not provided.');
      const metadata = upload.metadata ?? {};
      const kind = metadata.kind ?? '';
      const def = kinds.get(kind);
      if (!def) throw refuse(400, `Unknown upload kind "${kind}"`);
      if (def.allowed && !def.allowed(auth)) throw refuse(403, 'You do not have permission for this page');
      const fileName = displayFileName(metadata.filename);
      if (!fileName) throw refuse(400, 'Upload-Metadata needs a filename');
      if (def.extensions && !def.extensions.some((ext) => fileName.toLowerCase().endsWith(ext))) {
        throw refuse(400, `Accepted files: ${def.extensions.join(', ')}`);
      }
      if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
      if (upload.size > def.maxBytes) throw refuse(413, 'File too large');
      const row = { id: upload.id, user_id: auth.user.id, client_id: auth.clientId, kind, file_name: fileName, size: upload.size };
      if (!(await insertWithinQuota(app.db, row, config.uploadQuotaBytes, expiredBefore()))) {
        // a JSON answer the clients translate by its code
        throw refuse(403, JSON.stringify({ detail: 'Upload quota exceeded: finish or cancel pending uploads', code: 'upload_quota_exceeded' }));
      }
      return { metadata };
    },
    async onUploadFinish(_req, upload: Upload) {
      await app.db.updateTable('uploads').set({ completed_at: new Date() }).where('id', '=', upload.id).execute();
      return {};
    },
  });

  app.decorate('tus', {
    server,
    defineKind(kind, def) { kinds.set(kind, def); },
    bindAuth(request, auth) { auths.set(request, auth); },
    async progress(id) {
      try {
        const upload = await datastore.getUpload(id);
        return { offset: upload.offset, size: upload.size ?? null };
      } catch {
        return null;
      }
    },
    localCopy: (id) => bytes.localCopy(id),
    async readWith(id, read) {
      const copy = await bytes.localCopy(id);
      try {
        return await read(copy.file);
      } finally {
        await copy.release();
      }
    },
    consume: (id, destination) => bytes.consume(id, destination),
    discard: (id) => bytes.discard(id),
    adopt: (id, source, size) => bytes.adopt(id, source, size),
    async expire(now = new Date()) {
      // the store's own expiry first (unfinished uploads it knows), then every row never used
      let removed = await bytes.deleteExpired();
      const stale = await app.db.selectFrom('uploads').select('id')
        .where('consumed_at', 'is', null).where('created_at', '<=', expiredBefore(now).toISOString()).execute();
      for (const { id } of stale) {
        await bytes.discard(id);
        await app.db.deleteFrom('uploads').where('id', '=', id).where('consumed_at', 'is', null).execute();
        removed += 1;
      }
      return removed;
    },
  } satisfies TusService);

  // hourly, deduplicated per hour across nodes (as trainings.unpublish_due)
  const schedule = async (at: Date) => {
    const slot = at.toISOString().slice(0, 13);
    await app.jobs.enqueue(EXPIRE_UPLOADS_JOB, { slot }, { dedupeKey: `${EXPIRE_UPLOADS_JOB}@${slot}`, delayMs: Math.max(0, at.getTime() - Date.now()) });
  };
  app.jobs.define<{ slot?: string }>(EXPIRE_UPLOADS_JOB, async (_payload, ctx) => {
    const removed = await app.tus.expire();
    if (removed > 0) ctx.log.info({ removed }, 'expired uploads removed');
    await schedule(new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS));
  });
  app.addHook('onReady', async () => {
    if (config.runJobs) await schedule(new Date());
  });
}, { name: 'tus', dependencies: ['db', 'jobs', 'storage'] });
