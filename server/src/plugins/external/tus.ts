import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { IMPORT_MAX_BYTES, TUS_PATH } from '@lp/shared';
import type { Config } from '../../config.ts';
import type { AuthContext } from '../app/auth.ts';

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

export interface TusService {
  server: Server;
  /** where the bytes of unfinished and unclaimed uploads live */
  directory: string;
  defineKind(kind: string, def: UploadKind): void;
  /** the identity behind a tus request (set by the route before handing it over) */
  bindAuth(request: Request, auth: AuthContext): void;
  /** offset and size the store knows for an upload; null when there is none */
  progress(id: string): Promise<{ offset: number; size: number | null } | null>;
  filePath(id: string): string;
  /** hands a finished upload's bytes to a feature: moved to `destination`, gone from tus */
  consume(id: string, destination: string): Promise<void>;
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

// @ts-expect-error the base class's directory check is private: it creates the directory
// asynchronously and throws from the callback (an uncaught exception when DATA_DIR is removed
// meanwhile, as tests and benchmarks do); the plugin creates the directory before, awaited
class PreparedFileStore extends FileStore {
  override checkOrCreateDirectory(): void {}
}

/**
 * @tus/server over a file store under $DATA_DIR/uploads/tus. Upload ids are the store's random
 * names; the `uploads` table records who made each one (routes/files/tus.ts checks it).
 */
export default fp<{ config: Config }>(async (app, { config }) => {
  const directory = path.join(config.dataDir, 'uploads', 'tus');
  await fs.mkdir(directory, { recursive: true });
  const datastore = new PreparedFileStore({ directory });
  const kinds = new Map<string, UploadKind>();
  const auths = new WeakMap<Request, AuthContext>();

  const server = new Server({
    path: `/api${TUS_PATH}`.replace(/\/$/, ''),
    datastore,
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
      await app.db.insertInto('uploads').values({
        id: upload.id, user_id: auth.user.id, client_id: auth.clientId, kind, file_name: fileName,
        size: upload.size, created_at: new Date(), completed_at: null, consumed_at: null,
      }).execute();
      return { metadata };
    },
    async onUploadFinish(_req, upload: Upload) {
      await app.db.updateTable('uploads').set({ completed_at: new Date() }).where('id', '=', upload.id).execute();
      return {};
    },
  });

  const filePath = (id: string) => {
    const resolved = path.join(directory, id);
    if (path.dirname(resolved) !== directory) throw new Error('invalid upload id');
    return resolved;
  };

  app.decorate('tus', {
    server,
    directory,
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
    filePath,
    async consume(id, destination) {
      await fs.mkdir(path.dirname(destination), { recursive: true });
      await fs.rename(filePath(id), destination);
      await fs.rm(`${filePath(id)}.json`, { force: true });
    },
  } satisfies TusService);
}, { name: 'tus', dependencies: ['db'] });
