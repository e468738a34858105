/**
 * DESIGN "Files and media": validation by kind — the extension, then the bytes (magic numbers),
 * then, for archives, the central directory (spec 2 §5.2, spec 1 §5.4, spec 4 "Uploads").
 * Nothing here trusts the client's file name beyond its extension, nor its Content-Type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import type { Entry } from 'yauzl';
import { UPLOAD_LIMITS, fileExtension } from '@lp/shared/rules';
import type { ErrorCode } from '@lp/shared/contract';
import { openZipArchive, ZipArchiveError, type ZipArchive } from './zipArchive.ts';

/** What a file is uploaded as: a module type slug, a support material, or an image. */
export type UploadKind = 'video' | 'audio' | 'pdf' | 'scorm' | 'html' | 'powerpoint' | 'file' | 'image' | 'editor_image' | 'profile_image';

export class UploadRefused extends Error {
  constructor(readonly code: ErrorCode, detail: string, readonly statusCode = 400) {
    super(detail);
    this.name = 'UploadRefused';
  }
}

export interface PackageInfo {
  type: 'html' | 'scorm';
  /** entry file relative to the package root ('index.html', or the SCORM launch href) */
  entry: string;
  scormVersion: '1.2' | '2004' | null;
}

export interface ValidatedUpload {
  kind: UploadKind;
  /** lower case, without the dot */
  extension: string;
  size: number;
  package: PackageInfo | null;
}

/** Archive limits: a package is at most 150 MB packed (the upload limit); these bound what it unpacks to. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  /** an entry above `ratioFloor` bytes may not expand more than this many times */
  maxRatio: 100,
  ratioFloor: 1024 * 1024,
  /** manifests and slide XML read into memory */
  maxXmlBytes: 4 * 1024 * 1024,
} as const;

/**
 * What a whole archive may unpack to (PACKAGE_MAX_UNPACKED_MB, PACKAGE_MAX_RATIO): a ceiling,
 * and a ratio to the archive's own size — entries that each stay small, or overlap one another
 * in the file, cannot add up to a bomb.
 */
export interface ArchiveLimits {
  maxUnpackedBytes: number;
  maxRatio: number;
}
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxUnpackedBytes: 500 * 1024 * 1024, maxRatio: 100 };
/** below this, an archive is too small for its ratio to matter (a page of text compresses well) */
const ARCHIVE_RATIO_FLOOR = 4 * 1024 * 1024;

export const archiveLimits = (config: { packageMaxUnpackedBytes: number; packageMaxRatio: number }): ArchiveLimits =>
  ({ maxUnpackedBytes: config.packageMaxUnpackedBytes, maxRatio: config.packageMaxRatio });

const EXTENSIONS: Record<UploadKind, readonly string[] | null> = {
  video: ['mp4'],
  audio: ['mp3', 'wav'],
  pdf: ['pdf'],
  scorm: ['zip'],
  html: ['zip'],
  powerpoint: ['ppt', 'pptx'],
  file: null,
  // spec 1 §5.4 images
  image: ['jpg', 'jpeg', 'png'],
  // spec 2 §5.11 images inserted into the rich-text editors
  editor_image: ['png', 'jpg', 'gif'],
  // spec 1 §5.4 "profile images .jpg, .png, .gif"
  profile_image: ['jpg', 'jpeg', 'png', 'gif'],
};

const MAX_BYTES: Record<UploadKind, number> = {
  video: UPLOAD_LIMITS.generalMaxBytes,
  audio: UPLOAD_LIMITS.generalMaxBytes,
  pdf: UPLOAD_LIMITS.generalMaxBytes,
  scorm: UPLOAD_LIMITS.generalMaxBytes,
  html: UPLOAD_LIMITS.generalMaxBytes,
  powerpoint: UPLOAD_LIMITS.powerpointMaxBytes,
  file: UPLOAD_LIMITS.generalMaxBytes,
  image: UPLOAD_LIMITS.generalMaxBytes,
  editor_image: UPLOAD_LIMITS.editorImageMaxBytes,
  profile_image: UPLOAD_LIMITS.generalMaxBytes,
};

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  zip: [0x50, 0x4b, 0x03, 0x04],
  /** OLE2 compound file (.ppt) */
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
} as const;

/** Does `head` (the file's first bytes) look like a file of this extension? */
export function matchesMagic(extension: string, head: Buffer): boolean {
  switch (extension) {
    // ISO base media: a box size, then 'ftyp'
    case 'mp4': return startsWith(head, ascii('ftyp'), 4);
    // an ID3v2 tag, or straight into an MPEG audio frame (11 sync bits)
    case 'mp3': return startsWith(head, ascii('ID3')) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case 'wav': return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8);
    // readers accept the header anywhere in the first kilobyte
    case 'pdf': return head.subarray(0, 1024).includes(Buffer.from('%PDF-'));
    case 'png': return startsWith(head, SIGNATURES.png);
    case 'jpg':
    case 'jpeg': return startsWith(head, SIGNATURES.jpeg);
    case 'gif': return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'));
    case 'zip':
    case 'pptx': return startsWith(head, SIGNATURES.zip);
    case 'ppt': return startsWith(head, SIGNATURES.ole);
    default: return false;
  }
}

async function readHead(file: string, length = 1024): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry name is unsafe to unpack, or null: absolute, drive-lettered, `..`, control characters. */
export function unsafeEntryName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control characters';
  if (name.includes('\\')) return 'backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'absolute path';
  if (name.split('/').some((segment) => segment === '..')) return 'parent directory';
  return null;
}

/**
 * Refuses what must never be unpacked: too many entries, unsafe names (zip slip), symbolic
 * links (unix mode in the external attributes), encrypted entries, and bombs (declared total
 * size and per-entry ratio; yauzl then holds every entry to its declared size while inflating).
 */
export function checkArchive(archive: ZipArchive, packedBytes: number, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): void {
  const unsafe = (detail: string) => new UploadRefused('unsafe_zip_file', `Unsafe archive: ${detail}`);
  if (archive.entries.size === 0) throw unsafe('the archive is empty');
  if (archive.entries.size > ZIP_LIMITS.maxEntries) throw unsafe(`more than ${ZIP_LIMITS.maxEntries} entries`);
  let total = 0;
  for (const [name, entry] of archive.entries) {
    const reason = unsafeEntryName(name);
    if (reason) throw unsafe(`${reason} in "${name}"`);
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw unsafe(`"${name}" is a symbolic link`);
    if (entry.isEncrypted()) throw unsafe(`"${name}" is encrypted`);
    total += entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes) {
      throw new UploadRefused('package_unpacked_too_large', `The package unpacks to more than ${Math.floor(limits.maxUnpackedBytes / (1024 * 1024))} MB`);
    }
    if (entry.uncompressedSize > ZIP_LIMITS.ratioFloor && entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.maxRatio) {
      throw unsafe(`"${name}" expands more than ${ZIP_LIMITS.maxRatio} times`);
    }
  }
  if (total > ARCHIVE_RATIO_FLOOR && total > Math.max(packedBytes, 1) * limits.maxRatio) {
    throw new UploadRefused('package_compression_ratio_too_high', `The package unpacks to more than ${limits.maxRatio} times its size`);
  }
}

async function withArchive<T>(file: string, limits: ArchiveLimits, use: (archive: ZipArchive) => Promise<T>): Promise<T> {
  const { size } = await fs.promises.stat(file);
  let archive: ZipArchive;
  try {
    archive = await openZipArchive(file);
  } catch (error) {
    if (error instanceof ZipArchiveError) throw new UploadRefused('unsafe_zip_file', `Unreadable archive: ${error.message}`);
    throw error;
  }
  try {
    checkArchive(archive, size, limits);
    return await use(archive);
  } catch (error) {
    if (error instanceof ZipArchiveError) throw new UploadRefused('unsafe_zip_file', `Unreadable archive: ${error.message}`);
    throw error;
  } finally {
    archive.close();
  }
}

/** An entry's bytes as text, refusing more than `limit` (the declared size was checked by yauzl). */
async function entryText(archive: ZipArchive, entry: Entry, limit = ZIP_LIMITS.maxXmlBytes): Promise<string> {
  if (entry.uncompressedSize > limit) throw new UploadRefused('unsafe_zip_file', `"${entry.fileName}" is too large to read`);
  const chunks: Buffer[] = [];
  try {
    await pipeline(await archive.open(entry), new Writable({
      write(chunk: Buffer, _enc, done) { chunks.push(chunk); done(); },
    }));
  } catch (error) {
    if (error instanceof ZipArchiveError) throw error;
    throw new UploadRefused('unsafe_zip_file', `"${entry.fileName}" cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// ---- a small XML reader for imsmanifest.xml (elements, attributes, text; no DTDs, no entities beyond the five) ----

export interface XmlNode {
  /** local name, lower case */
  name: string;
  /** attribute name (lower case, prefix kept) → value */
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const decodeXml = (s: string) => s
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
  .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
  .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
  .replace(/&amp;/g, '&');

const localName = (qualified: string) => (qualified.split(':').pop() ?? qualified).toLowerCase();

/** Parses well-formed-enough XML into a tree; null when no root element is found. */
export function parseXml(text: string): XmlNode | null {
  const body = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, cdata: string) => cdata.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const tag = /<\s*(\/)?\s*([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/)?\s*>|([^<]+)/g;
  for (const match of body.matchAll(tag)) {
    const [, closing, qname, attrText, selfClosing, chars] = match;
    const top = stack[stack.length - 1]!;
    if (chars !== undefined) {
      top.text += decodeXml(chars);
      continue;
    }
    const name = localName(qname!);
    if (closing) {
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[a[1]!.toLowerCase()] = decodeXml(a[2] ?? a[3] ?? '');
    }
    const node: XmlNode = { name, attrs, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return root.children[0] ?? null;
}

const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
function* walk(node: XmlNode): Generator<XmlNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}
const attr = (node: XmlNode, name: string): string | undefined =>
  node.attrs[name] ?? Object.entries(node.attrs).find(([k]) => localName(k) === name)?.[1];

/** Joins xml:base prefixes and an href the way SCORM players resolve them (relative to the package root). */
function joinHref(parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => !!p).reduce((acc, p) => (acc && !acc.endsWith('/') ? `${acc}/${p}` : `${acc}${p}`), '');
}

/**
 * spec DESIGN "SCORM runtime": the launch file of a SCORM 1.2 or 2004 manifest — the resource of
 * the first item (with an identifierref) of the default organization; without organizations, the
 * first SCO resource with an href. Relative to the package root, query and fragment removed.
 */
export function scormLaunch(manifest: XmlNode): { href: string; version: '1.2' | '2004' | null } | null {
  if (manifest.name !== 'manifest') return null;
  let version: '1.2' | '2004' | null = null;
  const schemaVersion = [...walk(manifest)].find((n) => n.name === 'schemaversion')?.text.trim() ?? '';
  const namespaces = Object.values(manifest.attrs).join(' ');
  if (/2004|CAM\s*1\.3/i.test(schemaVersion) || /adlcp_v1p3/i.test(namespaces)) version = '2004';
  else if (/1\.2/.test(schemaVersion) || /adlcp_rootv1p2/i.test(namespaces)) version = '1.2';

  const resourcesNode = childrenNamed(manifest, 'resources')[0];
  if (!resourcesNode) return null;
  const resources = childrenNamed(resourcesNode, 'resource');
  const hrefOf = (resource: XmlNode) => {
    const href = attr(resource, 'href');
    return href ? joinHref([attr(manifest, 'base'), attr(resourcesNode, 'base'), attr(resource, 'base'), href]) : null;
  };

  const organizationsNode = childrenNamed(manifest, 'organizations')[0];
  const organizations = organizationsNode ? childrenNamed(organizationsNode, 'organization') : [];
  const defaultId = organizationsNode ? attr(organizationsNode, 'default') : undefined;
  const organization = organizations.find((o) => attr(o, 'identifier') === defaultId) ?? organizations[0];
  if (organization) {
    for (const item of walk(organization)) {
      if (item.name !== 'item') continue;
      const ref = attr(item, 'identifierref');
      if (!ref) continue;
      const resource = resources.find((r) => attr(r, 'identifier') === ref);
      const href = resource && hrefOf(resource);
      if (href) return { href: href.split(/[?#]/)[0]!, version };
    }
  }
  const sco = resources.find((r) => (attr(r, 'scormtype') ?? '').toLowerCase() === 'sco' && hrefOf(r))
    ?? resources.find((r) => hrefOf(r));
  const href = sco && hrefOf(sco);
  return href ? { href: href.split(/[?#]/)[0]!, version } : null;
}

/** Resolves a launch href against the package's entries: the entry name, or null. */
function packageEntry(archive: ZipArchive, href: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    decoded = href;
  }
  const normalised = path.posix.normalize(decoded.replace(/^\.\//, ''));
  if (normalised.startsWith('..') || normalised.startsWith('/') || unsafeEntryName(normalised)) return null;
  return archive.entries.has(normalised) ? normalised : null;
}

async function inspectPackage(file: string, type: 'html' | 'scorm', limits: ArchiveLimits): Promise<PackageInfo> {
  return withArchive(file, limits, async (archive) => {
    if (type === 'html') {
      // spec 2 §5.2: "HTML: a zip with index.html at the root"
      if (!archive.entries.has('index.html')) throw new UploadRefused('html_zip_without_index', 'The zip has no index.html at its root');
      return { type, entry: 'index.html', scormVersion: null };
    }
    const manifestEntry = archive.entries.get('imsmanifest.xml');
    if (!manifestEntry) throw new UploadRefused('scorm_zip_without_manifest', 'The zip has no imsmanifest.xml at its root');
    const manifest = parseXml(await entryText(archive, manifestEntry));
    const launch = manifest && scormLaunch(manifest);
    const entry = launch && packageEntry(archive, launch.href);
    if (!launch || !entry) throw new UploadRefused('scorm_manifest_invalid', 'The manifest names no launch file of the package');
    return { type, entry, scormVersion: launch.version ?? '1.2' };
  });
}

/** spec 2 §5.2 "PowerPoint: … without animations": a slide with a timing tree animates. */
async function checkPptx(file: string, limits: ArchiveLimits): Promise<void> {
  await withArchive(file, limits, async (archive) => {
    if (!archive.entries.has('ppt/presentation.xml')) throw new UploadRefused('invalid_file_type', 'Not a PowerPoint presentation');
    for (const [name, entry] of archive.entries) {
      if (!/^ppt\/slides\/slide\d+\.xml$/.test(name)) continue;
      if (/<(?:[\w-]+:)?tnLst[\s>]/.test(await entryText(archive, entry))) {
        throw new UploadRefused('powerpoint_has_animations', `${name} has animations`);
      }
    }
  });
}

/**
 * Checks a stored file against a kind: extension (of the client's name), size, magic bytes,
 * and for archives their safety and contents. Throws UploadRefused with the spec key.
 */
export async function validateUpload(
  kind: UploadKind, file: string, fileName: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ValidatedUpload> {
  const extension = fileExtension(fileName);
  const allowed = EXTENSIONS[kind];
  if (allowed && !allowed.includes(extension)) {
    throw new UploadRefused('invalid_file_type', `Accepted files: ${allowed.map((e) => `.${e}`).join(', ')}`);
  }
  const { size } = await fs.promises.stat(file);
  if (size > MAX_BYTES[kind]) {
    if (kind === 'powerpoint') throw new UploadRefused('powerpoint_too_large', 'PowerPoint files are at most 10 MB', 413);
    if (kind === 'editor_image') throw new UploadRefused('editor_image_too_large', 'Images are at most 10 MB', 413);
    throw new UploadRefused('file_too_large', 'File too large. Maximum allowed size is 150 MB.', 413);
  }
  if (allowed) {
    const head = await readHead(file);
    if (!matchesMagic(extension, head)) throw new UploadRefused('invalid_file_type', `The content is not a .${extension} file`);
  }
  let pkg: PackageInfo | null = null;
  if (kind === 'html' || kind === 'scorm') pkg = await inspectPackage(file, kind, limits);
  if (kind === 'powerpoint' && extension === 'pptx') await checkPptx(file, limits);
  return { kind, extension, size, package: pkg };
}

/**
 * Unpacks a checked archive into `destination` (created; removed again on failure). Every path
 * is resolved and must stay inside it; files are created exclusively, never followed.
 */
export async function extractArchive(file: string, destination: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<void> {
  const root = path.resolve(destination);
  await fs.promises.mkdir(root, { recursive: true });
  try {
    await withArchive(file, limits, async (archive) => {
      for (const [name, entry] of archive.entries) {
        const target = path.resolve(root, name);
        if (target !== root && !target.startsWith(`${root}${path.sep}`)) throw new UploadRefused('unsafe_zip_file', `"${name}" leaves the package`);
        if (name.endsWith('/')) {
          await fs.promises.mkdir(target, { recursive: true });
          continue;
        }
        try {
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await pipeline(await archive.open(entry), fs.createWriteStream(target, { flags: 'wx', mode: 0o644 }));
        } catch (error) {
          if (error instanceof UploadRefused || error instanceof ZipArchiveError) throw error;
          // an entry that inflates past its declared size (yauzl stops it), or names that collide
          throw new UploadRefused('unsafe_zip_file', `"${name}" cannot be unpacked (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    });
  } catch (error) {
    await fs.promises.rm(root, { recursive: true, force: true });
    throw error;
  }
}
