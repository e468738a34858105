/**
 * Signed, short-lived media URLs (DESIGN "Files and media"; docs/security.md). Media of
 * restricted content is never served by the public /media/ route: an answer that the caller
 * was authorised to read carries a URL whose path holds a grant — the media folder it opens and
 * an expiry, HMAC-signed with the server's key. The grant sits in the path, before the file's
 * own path, so the relative links inside a package (scripts, images, other pages) inherit it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGES_DIR } from './mediaStore.ts';
import { signToken, verifyToken, type SignedTokenKind } from './signedToken.ts';

/** A SCORM launch: the learner, training, module and package version the runtime saves for. */
export interface ScormLaunchGrant {
  u: number;
  t: number;
  m: number;
  v: '1.2' | '2004';
}

export interface MediaGrant {
  /** the media folder opened, relative to the media root, ending in `/` */
  d: string;
  /** expiry, in seconds since the epoch */
  e: number;
  /** the app origin that asked for it: the only one that may frame a content-origin document, and the SCORM runtime's parent */
  o?: string;
  /** present on a SCORM package launched by a learner: the runtime is injected into its pages */
  s?: ScormLaunchGrant;
}

const isGrant = (value: unknown): value is MediaGrant => {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  if (typeof g.d !== 'string' || !g.d.endsWith('/') || typeof g.e !== 'number') return false;
  if (g.o !== undefined && typeof g.o !== 'string') return false;
  if (g.s !== undefined) {
    const s = g.s as Record<string, unknown> | null;
    if (!s || typeof s.u !== 'number' || typeof s.t !== 'number' || typeof s.m !== 'number' || (s.v !== '1.2' && s.v !== '2004')) return false;
  }
  return true;
};

const MEDIA_GRANT: SignedTokenKind<MediaGrant> = { context: 'lp-media-grant.v1.', isClaims: isGrant };

export const signGrant = (secret: Buffer, grant: MediaGrant): string => signToken(MEDIA_GRANT, secret, grant);

/** The grant a token carries, or null: forged, altered, malformed or expired. */
export const verifyGrant = (secret: Buffer, token: string, now = Date.now()): MediaGrant | null => verifyToken(MEDIA_GRANT, secret, token, now);

/**
 * The expiry of a URL signed now: at least `ttl` seconds away, rounded up to a step of an eighth
 * of it, so every answer within one step carries the same URL (a player given the same URL
 * again by a revalidated answer keeps playing instead of reloading).
 */
export function grantExpiry(ttlSeconds: number, now = Date.now()): number {
  const step = Math.max(60, Math.floor(ttlSeconds / 8));
  return Math.ceil((now / 1000 + ttlSeconds) / step) * step;
}

/**
 * The media folders of restricted content (docs/security.md "Signed media"): a
 * training's modules and support materials, unpacked packages, library files, podcast audio and
 * webcast support materials. Everything else under /media/ (editor and cover images, banners,
 * badges, podcast covers, webcast HLS) stays public. Reward invoices (spec 3 §3 "Sale: invoice photo") are
 * signed too: a learner's receipts stay out of reach of other people and other clients; so are the
 * photo answers of field-sales tasks (spec 3 §1).
 */
export function isRestrictedResource(resource: string): boolean {
  return /^(trainings\/\d+\/(modules|materials)|webcasts\/\d+\/materials|library|podcasts\/audios|packages|rewards\/(invoices|photos)|field-sales\/photos)\//.test(resource);
}

/** Documents a browser would run or render as a page: served only by the content origin. */
export function isActiveDocument(resource: string): boolean {
  return /\.(html?|xhtml|xht|svgz?|xml|xsl|xslt|mht|mhtml|shtml)$/i.test(resource);
}

/** The folder a grant for `resource` opens: a package's own folder, or the random-id folder of one file. */
export function grantFolder(resource: string): { dir: string; rest: string } {
  const parts = resource.split('/');
  if (parts[0] === PACKAGES_DIR && parts.length >= 3) {
    return { dir: `${parts.slice(0, 2).join('/')}/`, rest: parts.slice(2).join('/') };
  }
  return { dir: `${parts.slice(0, -1).join('/')}/`, rest: parts.at(-1) ?? '' };
}

/**
 * The HMAC key: MEDIA_URL_SECRET, or 32 random bytes kept in $DATA_DIR/secrets/media-url.key
 * (made once, by whichever node starts first; nodes sharing DATA_DIR share it).
 */
export function loadMediaSecret(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'secrets', 'media-url.key');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    // written aside, then linked: a node starting at the same moment reads a whole key or none
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}
