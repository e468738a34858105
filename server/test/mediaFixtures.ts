import JSZip from 'jszip';
import type { FastifyInstance } from 'fastify';

/**
 * Tiny files of every kind a module, material or editor image accepts (spec 2 §5.2, §5.11),
 * with the right magic bytes, and the archives that must be refused. Built in memory.
 */

const pad = (head: Buffer, size = 256) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

/** ISO base media: a 24-byte ftyp box, then an empty mdat. */
export const mp4 = () => pad(Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'),
  Buffer.from([0, 0, 0, 8]), Buffer.from('mdat'),
]), 2048);
export const mp3 = () => pad(Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])]));
/** an MP3 without a tag: straight into a frame header */
export const mp3Frame = () => pad(Buffer.from([0xff, 0xfb, 0x90, 0x64]));
export const wav = () => {
  const b = Buffer.alloc(44);
  b.write('RIFF', 0); b.writeUInt32LE(36, 4); b.write('WAVE', 8); b.write('fmt ', 12); b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); b.writeUInt16LE(1, 22); b.writeUInt32LE(8000, 24); b.writeUInt32LE(8000, 28); b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34); b.write('data', 36); b.writeUInt32LE(0, 40);
  return b;
};
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const png = () => pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), 64);
export const jpg = () => pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), 64);
export const gif = () => pad(Buffer.from('GIF89a'), 64);
export const ppt = () => pad(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 512);
export const html = () => Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>');

export async function zipOf(files: Record<string, string | Buffer>, options: { compression?: 'STORE' | 'DEFLATE' } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: options.compression ?? 'DEFLATE', platform: 'UNIX' });
}

export const htmlZip = () => zipOf({ 'index.html': '<!doctype html><h1>Aula</h1><script src="js/app.js"></script>', 'js/app.js': 'console.log(1)' });

export function scormManifest(version: '1.2' | '2004', launch = 'content/start.html'): string {
  const ns = version === '1.2'
    ? 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'
    : 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"';
  const schema = version === '1.2' ? '1.2' : '2004 4th Edition';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <item identifierref="WRONG"/> in it -->
<manifest identifier="com.example.course" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" ${ns}>
  <metadata><schema>ADL SCORM</schema><schemaversion>${schema}</schemaversion></metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-0"><title>Other</title><item identifier="I0" identifierref="RES-0"><title>x</title></item></organization>
    <organization identifier="ORG-1">
      <title>Curso</title>
      <item identifier="ITEM-1"><title>Módulo</title>
        <item identifier="ITEM-1-1" identifierref="RES-1"><title>Aula 1</title></item>
      </item>
    </organization>
  </organizations>
  <resources xml:base="">
    <resource identifier="RES-0" type="webcontent" adlcp:scormtype="asset" href="other.html"><file href="other.html"/></resource>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="${launch}?lesson=1"><file href="${launch}"/></resource>
  </resources>
</manifest>`;
}

export const scormZip = (version: '1.2' | '2004' = '1.2') => zipOf({
  'imsmanifest.xml': scormManifest(version),
  'content/start.html': '<!doctype html><p>SCO</p>',
  'other.html': '<p>asset</p>',
});

/** A zip whose entry climbs out of the destination (zip slip). */
export async function slipZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('index.html', '<p>ok</p>');
  zip.file('../../evil.html', '<p>evil</p>', { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A zip holding a symbolic link (unix mode 0120777 in the external attributes). */
export async function symlinkZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('index.html', '<p>ok</p>');
  zip.file('secrets', '/etc/passwd', { unixPermissions: 0o120777 });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}

/** 32 MB of zeros: a ~32 kB archive that expands ~1000 times. */
export const bombZip = () => zipOf({ 'index.html': '<p>ok</p>', 'zeros.bin': Buffer.alloc(32 * 1024 * 1024) });

/**
 * A bomb that lies: the central directory declares a 10-byte entry whose data inflates to
 * 100 kB (the declared-size checks pass; yauzl stops it while inflating).
 */
export async function lyingZip(): Promise<Buffer> {
  const bytes = await zipOf({ 'index.html': '<p>ok</p>', 'big.txt': Buffer.alloc(100 * 1024, 0x61) });
  const name = Buffer.from('big.txt');
  for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.subarray(at + 46, at + 46 + nameLength).equals(name)) bytes.writeUInt32LE(10, at + 24);
  }
  return bytes;
}

const SLIDE = (body: string) => `<?xml version="1.0"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree/></p:cSld>${body}</p:sld>`;

/** A minimal .pptx; `animated` adds a timing tree (an entrance animation) to the second slide. */
export const pptx = (animated = false) => zipOf({
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  'ppt/presentation.xml': '<?xml version="1.0"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  'ppt/slides/slide1.xml': SLIDE('<p:transition/>'),
  'ppt/slides/slide2.xml': SLIDE(animated ? '<p:timing><p:tnLst><p:par><p:cTn id="1"/></p:par></p:tnLst></p:timing>' : ''),
});

// ---- requests ----

type Inject = import('fastify').FastifyInstance;
type Tokens = import('./helpers.ts').Tokens;

const TUS = '/api/files/tus/';
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

/** tus creation of `size` bytes of `kind`; the raw answer. */
export function tusCreate(app: Inject, tokens: Tokens, size: number, filename: string, kind: string) {
  return app.inject({
    method: 'POST', url: TUS,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': tusMetadata({ filename, kind }) },
  });
}

/** A finished tus upload of `bytes` (one PATCH); answers the upload id. */
export async function tusUpload(app: Inject, tokens: Tokens, bytes: Buffer, filename: string, kind: string): Promise<string> {
  const created = await tusCreate(app, tokens, bytes.length, filename, kind);
  if (created.statusCode !== 201) throw new Error(`tus create ${filename}: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const patched = await app.inject({
    method: 'PATCH', url: location, payload: bytes,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  if (patched.statusCode !== 204) throw new Error(`tus patch ${filename}: ${patched.statusCode} ${patched.body}`);
  return location.split('/').pop()!;
}

/** A multipart/form-data body (the spec's "form" calls), with an optional file as the last part. */
export function multipart(fields: Record<string, string | number>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----lp-media-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A media URL as the app answers it (absolute) → the path to inject. */
export const mediaPath = (url: string) => new URL(url).pathname;

/**
 * Opens a media URL as an answer gave it: a content-origin URL (`/m/…`) on the app's content
 * server with that origin's Host, anything else on the app itself.
 */
export function openMedia(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const parsed = new URL(url);
  if (parsed.pathname.startsWith('/m/') || parsed.pathname.startsWith('/__lp/')) {
    return app.content.inject({ url: parsed.pathname, headers: { host: parsed.host, ...headers } });
  }
  return app.inject({ url: parsed.pathname, headers });
}
