import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test/s3Server.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import { checkKey } from './keys.ts';
import type { FileStorage } from './types.ts';

const text = (body: NodeJS.ReadableStream | null) => new Promise<string>((resolve, reject) => {
  if (!body) return resolve('');
  const chunks: Buffer[] = [];
  body.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  body.on('error', reject);
});

describe('storage keys', () => {
  it('refuses keys that leave the store or are not plain relative paths', () => {
    expect(checkKey('media/a/b.png')).toBe('media/a/b.png');
    for (const bad of ['', '/etc/passwd', 'media/../secrets/x', 'media//x', 'media/./x', 'a\\b', 'a\0b']) {
      expect(() => checkKey(bad)).toThrow(/invalid storage key/);
    }
  });
});

/** The same contract on the local disk and on a real S3-compatible server (s3rver). */
describe.each(['local', 's3'] as const)('file storage on %s', (kind) => {
  let storage: FileStorage;
  let bucket: TestBucket | null = null;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-storage-'));
    if (kind === 's3') {
      bucket = await startTestBucket();
      storage = s3Storage(bucket.settings);
    } else {
      storage = localStorage(dir);
    }
  });
  afterAll(async () => {
    await bucket?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('puts, reads, stats, lists, copies and removes', async () => {
    await storage.put('media/x/1/a.txt', Buffer.from('hello'));
    expect((await storage.get('media/x/1/a.txt'))?.toString()).toBe('hello');
    const stat = await storage.stat('media/x/1/a.txt');
    expect(stat?.size).toBe(5);
    expect(stat?.etag).toMatch(/^".+"$/);
    expect(await storage.get('media/x/1/none.txt')).toBeNull();
    expect(await storage.stat('media/x/1/none.txt')).toBeNull();

    await storage.copy('media/x/1/a.txt', 'media/x/2/b.txt');
    expect((await storage.get('media/x/2/b.txt'))?.toString()).toBe('hello');
    expect((await storage.list('media/x/')).map((o) => o.key).sort()).toEqual(['media/x/1/a.txt', 'media/x/2/b.txt']);
    expect(await storage.list('media/none/')).toEqual([]);

    await storage.remove('media/x/2/b.txt');
    expect(await storage.stat('media/x/2/b.txt')).toBeNull();
    await storage.removePrefix('media/x/');
    expect(await storage.list('media/x/')).toEqual([]);
  });

  it('refuses an exclusive put over an existing key on the disk (the bucket: a conditional write)', async () => {
    await storage.put('media/ex/a.png', Buffer.from('one'), { exclusive: true });
    if (kind === 'local') {
      await expect(storage.put('media/ex/a.png', Buffer.from('two'), { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
      expect((await storage.get('media/ex/a.png'))?.toString()).toBe('one');
    }
  });

  it('writes through a local file and a local folder, whole or not at all', async () => {
    await storage.writeWith('reports/r.xlsx', (file) => fs.promises.writeFile(file, 'sheet'));
    expect((await storage.get('reports/r.xlsx'))?.toString()).toBe('sheet');
    await expect(storage.writeWith('reports/broken.xlsx', async (file) => {
      await fs.promises.writeFile(file, 'half');
      throw new Error('writer failed');
    })).rejects.toThrow('writer failed');
    expect(await storage.stat('reports/broken.xlsx')).toBeNull();
    expect((await storage.list('reports/')).map((o) => o.key)).toEqual(['reports/r.xlsx']);

    await storage.writeTreeWith('media/packages/p1/', async (target) => {
      await fs.promises.mkdir(path.join(target, 'js'), { recursive: true });
      await fs.promises.writeFile(path.join(target, 'index.html'), '<h1>x</h1>');
      await fs.promises.writeFile(path.join(target, 'js', 'app.js'), 'console.log(1)');
    });
    expect((await storage.list('media/packages/p1/')).map((o) => o.key).sort()).toEqual(['media/packages/p1/index.html', 'media/packages/p1/js/app.js']);
    await expect(storage.writeTreeWith('media/packages/p2/', async (target) => {
      await fs.promises.writeFile(path.join(target, 'index.html'), 'x');
      throw new Error('bomb');
    })).rejects.toThrow('bomb');
    expect(await storage.list('media/packages/p2/')).toEqual([]);
  });

  it('reads through a local copy, and stores a local file (moved or copied)', async () => {
    await storage.put('imports/i.csv', Buffer.from('a,b'));
    expect(await storage.readWith('imports/i.csv', (file) => fs.promises.readFile(file, 'utf8'))).toBe('a,b');
    expect(await storage.readWith('imports/none.csv', async () => 'never')).toBeNull();
    const copy = await storage.localCopy('imports/i.csv');
    expect(fs.readFileSync(copy!.file, 'utf8')).toBe('a,b');
    await copy!.release();

    const source = path.join(dir, `source-${kind}.bin`);
    fs.writeFileSync(source, 'moved');
    await storage.putFile('media/moved/m.bin', source, { move: true });
    expect(fs.existsSync(source)).toBe(false);
    expect((await storage.get('media/moved/m.bin'))?.toString()).toBe('moved');
    fs.writeFileSync(source, 'copied');
    await storage.putFile('media/copied/c.bin', source);
    expect(fs.existsSync(source)).toBe(true);
    expect((await storage.get('media/copied/c.bin'))?.toString()).toBe('copied');
  });

  it('opens a file for an answer with byte ranges and conditional GETs', async () => {
    await storage.put('media/v/1/clip.mp4', Buffer.from('0123456789'));
    const whole = await storage.open('media/v/1/clip.mp4', {});
    expect(whole?.status).toBe(200);
    expect(whole?.headers['content-length']).toBe('10');
    expect(await text(whole!.body)).toBe('0123456789');

    const part = await storage.open('media/v/1/clip.mp4', { range: 'bytes=2-5' });
    expect(part?.status).toBe(206);
    expect(part?.headers['content-range']).toBe('bytes 2-5/10');
    expect(await text(part!.body)).toBe('2345');

    const etag = whole!.headers.etag!;
    expect((await storage.open('media/v/1/clip.mp4', { ifNoneMatch: etag }))?.status).toBe(304);
    expect(await storage.open('media/v/1/none.mp4', {})).toBeNull();
  });

  it('signs a short-lived GET and a form POST only when the store is a bucket', async () => {
    await storage.put('media/s/1/doc.pdf', Buffer.from('%PDF-1.4 signed'));
    const url = await storage.signedUrl('media/s/1/doc.pdf', { expiresIn: 60, disposition: 'attachment; filename="doc.pdf"' });
    const post = await storage.signedPost('media/s/2/up.png', { expiresIn: 60, maxBytes: 1024 });
    if (kind === 'local') {
      expect(url).toBeNull();
      expect(post).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Signature=/);
    expect(url).toMatch(/X-Amz-Expires=60/);
    const got = await fetch(url!);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('%PDF-1.4 signed');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="doc.pdf"');

    // a browser's form POST straight to the bucket, as the editor's image upload sends it
    expect(post!.fields.key).toBe('media/s/2/up.png');
    expect(post!.fields['X-Amz-Signature'] ?? post!.fields['x-amz-signature']).toBeTruthy();
    expect(JSON.parse(Buffer.from(post!.fields.Policy ?? post!.fields.policy!, 'base64').toString()).conditions).toContainEqual(['content-length-range', 1, 1024]);
    const form = new FormData();
    for (const [name, value] of Object.entries(post!.fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.from('PNGDATA')]), 'up.png');
    const posted = await fetch(post!.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    expect((await storage.get('media/s/2/up.png'))?.toString()).toBe('PNGDATA');
  });

  it('answers the readiness probe', async () => {
    await expect(storage.probe()).resolves.toBeUndefined();
  });
});
