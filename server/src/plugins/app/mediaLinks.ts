import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { mediaUrl } from '../../lib/mediaStore.ts';
import {
  grantExpiry, grantFolder, isActiveDocument, isRestrictedResource, loadMediaSecret, signGrant, type ScormLaunchGrant,
} from '../../lib/signedMedia.ts';

/** The URL a caller opens a stored media resource by (public, signed, or on the content origin). */
export type MediaUrls = (resource: string) => string;

export interface RequestOrigins {
  /** the origin the page that asked was opened from (scheme, host and port of the request) */
  app: string;
  /** the content origin for that page: CONTENT_ORIGIN, or the same host on CONTENT_PORT */
  content: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** HMAC key of signed media URLs */
    mediaSecret: Buffer;
    /** media URLs for the answers of this request */
    mediaUrls(request: FastifyRequest): MediaUrls;
    /** a learner's launch URL of a SCORM package: content origin, the runtime injected, commits by postMessage to `origins.app` */
    scormLaunchUrl(request: FastifyRequest, resource: string, launch: ScormLaunchGrant): string;
    origins(request: FastifyRequest): RequestOrigins;
  }
}

// a DNS name or a bracketed IPv6 literal: anything else in Host falls back to PUBLIC_URL's
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i;
const DEFAULT_PORT: Readonly<Record<string, number>> = { http: 80, https: 443 };

/**
 * The origins of a request: the content origin follows the host the page was opened from
 * (localhost, 127.0.0.1, a LAN address) unless CONTENT_ORIGIN names one, so a package opened
 * from any of them is framed by a content origin of that same host.
 */
export function requestOrigins(config: Config, request: FastifyRequest): RequestOrigins {
  const fallback = new URL(config.publicUrl);
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const hostname = request.hostname.toLowerCase();
  if (!HOSTNAME.test(hostname)) {
    return { app: fallback.origin, content: config.contentOrigin ?? `${fallback.protocol}//${fallback.hostname}:${config.contentPort}` };
  }
  const port = request.port;
  const app = `${protocol}://${hostname}${port && port !== DEFAULT_PORT[protocol] ? `:${port}` : ''}`;
  return { app, content: config.contentOrigin ?? `${protocol}://${hostname}:${config.contentPort}` };
}

const encodePath = (rest: string) => rest.split('/').map(encodeURIComponent).join('/');

/**
 * DESIGN "Files and media" + docs/security.md: restricted media gets a signed URL —
 * HTML/SVG documents and every package file on the content origin (`/m/{grant}/…`), anything
 * else on this origin (`/api/files/media/{grant}/…`); other media keeps its public /media/ URL.
 */
export default fp<{ config: Config }>(async (app, { config }) => {
  const secret = loadMediaSecret(config.mediaUrlSecret, config.dataDir);
  app.decorate('mediaSecret', secret);
  app.decorate('origins', (request: FastifyRequest) => requestOrigins(config, request));

  app.decorate('mediaUrls', (request: FastifyRequest): MediaUrls => {
    let origins: RequestOrigins | null = null;
    return (resource) => {
      // the origin the page was opened from, never PUBLIC_URL: media must load on 127.0.0.1 or a LAN address too
      origins ??= requestOrigins(config, request);
      if (!isRestrictedResource(resource)) return mediaUrl(origins.app, resource);
      const { dir, rest } = grantFolder(resource);
      const e = grantExpiry(config.mediaUrlTtlSeconds);
      if (dir.startsWith('packages/') || isActiveDocument(resource)) {
        return `${origins.content}/m/${signGrant(secret, { d: dir, e, o: origins.app })}/${encodePath(rest)}`;
      }
      return `${origins.app}/api/files/media/${signGrant(secret, { d: dir, e })}/${encodePath(rest)}`;
    };
  });

  app.decorate('scormLaunchUrl', (request: FastifyRequest, resource: string, launch: ScormLaunchGrant) => {
    const origins = requestOrigins(config, request);
    const { dir, rest } = grantFolder(resource);
    const grant = signGrant(secret, { d: dir, e: grantExpiry(config.mediaUrlTtlSeconds), o: origins.app, s: launch });
    return `${origins.content}/m/${grant}/${encodePath(rest)}`;
  });
}, { name: 'media-links' });
