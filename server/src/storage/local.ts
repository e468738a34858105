import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import { checkKey, checkPrefix } from './keys.ts';
import type { FileStorage, ListedObject, OpenedObject, ReadConditions, StoredObject } from './types.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const etagOf = (stat: fs.Stats) => `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
const storedOf = (stat: fs.Stats): StoredObject => ({ size: stat.size, modified: stat.mtime, etag: etagOf(stat) });

/** The local disk: files under `root` (DATA_DIR), as before object storage. */
export function localStorage(root: string): FileStorage & { fileOf(key: string): string } {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, ...checkKey(key).split('/'));
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error(`storage key outside the store: ${key}`);
    return file;
  };
  const dirOf = (prefix: string) => fileOf(checkPrefix(prefix).slice(0, -1));

  async function walk(dir: string, prefix: string, into: ListedObject[]): Promise<void> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`, into);
      else if (entry.isFile()) into.push({ key: `${prefix}${entry.name}`, ...storedOf(await fs.promises.stat(full)) });
    }
  }

  return {
    kind: 'local',
    fileOf,
    async put(key, body, options = {}) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, body, { flag: options.exclusive ? 'wx' : 'w', mode: 0o644 });
    },
    async putFile(key, source, options = {}) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      if (options.move) {
        try {
          await fs.promises.rename(source, file);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
        await fs.promises.copyFile(source, file);
        await fs.promises.rm(source, { force: true });
        return;
      }
      await fs.promises.copyFile(source, file);
    },
    async get(key) {
      return fs.promises.readFile(fileOf(key)).catch((error: unknown) => {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      });
    },
    async stat(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return stat?.isFile() ? storedOf(stat) : null;
    },
    async list(prefix) {
      const found: ListedObject[] = [];
      await walk(dirOf(prefix), prefix, found);
      return found;
    },
    async copy(from, to) {
      const target = fileOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(fileOf(from), target);
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.promises.rm(dirOf(prefix), { recursive: true, force: true });
    },
    async writeWith(key, write) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // written aside, then renamed: a reader sees the whole file or none
      const part = `${file}.${randomBytes(4).toString('hex')}.part`;
      try {
        await write(part);
        await fs.promises.rename(part, file);
      } finally {
        await fs.promises.rm(part, { force: true });
      }
    },
    async writeTreeWith(prefix, fill) {
      const dir = dirOf(prefix);
      await fs.promises.mkdir(dir, { recursive: true });
      try {
        await fill(dir);
      } catch (error) {
        await fs.promises.rm(dir, { recursive: true, force: true });
        throw error;
      }
    },
    async readWith(key, read) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      return stat?.isFile() ? read(file) : null;
    },
    async localCopy(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      return stat?.isFile() ? { file, release: async () => {} } : null;
    },
    async open(key, conditions: ReadConditions): Promise<OpenedObject | null> {
      const headers: Record<string, string> = {};
      if (conditions.range) headers.range = conditions.range;
      if (conditions.ifNoneMatch) headers['if-none-match'] = conditions.ifNoneMatch;
      if (conditions.ifModifiedSince) headers['if-modified-since'] = conditions.ifModifiedSince;
      const encoded = `/${checkKey(key).split('/').map(encodeURIComponent).join('/')}`;
      const result = await send({ method: 'GET', headers } as never, encoded, {
        root: base, acceptRanges: true, cacheControl: false, dotfiles: 'deny', index: false, etag: true, lastModified: true,
      });
      const sent = Object.fromEntries(Object.entries(result.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      if (result.type !== 'file') {
        result.stream.destroy();
        return result.statusCode === 416 ? { status: 416, headers: sent, body: null } : null;
      }
      if (result.statusCode === 304) {
        result.stream.destroy();
        return { status: 304, headers: sent, body: null };
      }
      return { status: result.statusCode === 206 ? 206 : 200, headers: sent, body: result.stream };
    },
    async signedUrl() {
      return null;
    },
    async signedPost() {
      return null;
    },
    async probe() {
      await fs.promises.access(base, fs.constants.W_OK);
    },
  };
}
