import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { GAME_PREVIEW_PATH } from '@lp/shared/contract';
import { MEDIA_URL_PREFIX } from '../../lib/mediaStore.ts';
import { requestOrigins } from './mediaLinks.ts';
import { bucketOrigin } from '../../storage/s3.ts';
import type { Config } from '../../config.ts';

type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
export type ResponseKind = 'api' | 'docs' | 'media' | 'admin' | 'portal' | 'framed';

/** Which policy an answer gets, by its path. */
export function responseKind(url: string): ResponseKind {
  const path = url.split('?')[0] ?? '/';
  if (path.startsWith('/api/files/media/') || path.startsWith(MEDIA_URL_PREFIX)) return 'media';
  // the API reference's page and its viewer (routes/docs)
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return 'docs';
  if (path.startsWith('/api/') || path === '/api') return 'api';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  // the game preview page, which the control panel's game editor frames (spec 3 §2)
  if (path === GAME_PREVIEW_PATH) return 'framed';
  return 'portal';
}

/** The embedded live class rooms' Jitsi Meet server (spec 3 §2 rooms, JITSI_DOMAIN): its IFrame API script and frame. */
export const jitsiOrigin = (config: Config): string => `https://${config.jitsiDomain}`;

/**
 * Permissions-Policy: the powerful features nobody here uses are off; the camera and the
 * microphone only for the control panel, whose stream studio publishes a webcast from them,
 * and on the portal only for the Jitsi server's frame (a live class room, spec 3 §2) — the
 * portal itself captures nothing (a field-sales photo comes through a file input, which needs no
 * camera permission). Geolocation only for the portal's own pages: the field-sales check-in and
 * check-out record the browser's position (spec 3 §1). Fullscreen, autoplay and
 * picture-in-picture stay delegable to the frames that ask for them (players, packages, embeds).
 */
export function permissionsPolicy(kind: 'admin' | 'portal', config: Config): string {
  const off = 'payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=()';
  if (kind === 'admin') return `camera=(self), microphone=(self), display-capture=(self), geolocation=(), ${off}`;
  const room = `("${jitsiOrigin(config)}")`;
  return `camera=${room}, microphone=${room}, display-capture=${room}, geolocation=(self), ${off}`;
}

/**
 * The app pages' Content-Security-Policy (docs/security.md "Headers"). Scripts: only the
 * built bundles of this origin (the built index.html files carry no inline script), and on the
 * portal the Jitsi IFrame API of the configured server (live class rooms, spec 3 §2). Styles:
 * 'unsafe-inline', because MUI/emotion (admin) and video.js (portal) inject <style> elements
 * at run time; a style cannot run script, and the sanitiser keeps `style` out of rich text.
 * Answers build media and socket URLs on the page's own origin ('self'); PUBLIC_URL's origin is
 * named beside it so that rich text saved with absolute PUBLIC_URL image links still loads. Frames: the content origin of this page's
 * host, and any https page — spec 2 §3.11 external-embed webcasts frame the page their
 * administrator gave (YouTube, Vimeo and SlideShare modules are https too). With object storage
 * the control panel's connect-src and form-action name the bucket, where it posts editor images.
 */
export function appCsp(config: Config, request: FastifyRequest, kind: 'admin' | 'portal' | 'framed' = 'portal'): Record<string, string[]> {
  const publicOrigin = new URL(config.publicUrl).origin;
  const socketOrigin = publicOrigin.replace(/^http/, 'ws');
  const { content } = requestOrigins(config, request);
  const https = request.protocol === 'https';
  // spec 1 §2.1 help-desk widget: a configured script's origin may run on the portal and reach its service
  const helpDesk = kind === 'portal' ? helpDeskScriptOrigin(config) : null;
  const widget = helpDesk ? [helpDesk] : [];
  // spec 2 §7.5 with object storage: the control panel posts editor images to the bucket itself
  const bucket = kind === 'admin' && config.s3 ? [bucketOrigin(config.s3)] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(kind === 'portal' ? [jitsiOrigin(config)] : []), ...widget],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', publicOrigin],
    'media-src': ["'self'", 'blob:', publicOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", publicOrigin, socketOrigin, ...widget, ...bucket],
    // the control panel frames the portal's game preview (same origin)
    'frame-src': [...(kind === 'admin' ? ["'self'"] : []), content, 'https:'],
    'object-src': ["'self'", publicOrigin],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...bucket],
    'frame-ancestors': [kind === 'framed' ? "'self'" : "'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The origin of HELP_DESK_URL when it is a script (ends in .js); a page needs no CSP entry (it opens in a new tab). */
export function helpDeskScriptOrigin(config: Pick<Config, 'helpDeskUrl'>): string | null {
  if (!config.helpDeskUrl) return null;
  const url = new URL(config.helpDeskUrl);
  return url.pathname.endsWith('.js') ? url.origin : null;
}

/** What each kind of answer gets from helmet. */
function optionsFor(kind: ResponseKind, config: Config, request: FastifyRequest): HelmetOptions {
  // HSTS only when this answer itself came over https: a plain-http install must stay reachable
  const hsts = request.protocol === 'https' ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  switch (kind) {
    case 'api':
      return {
        hsts,
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
        xFrameOptions: { action: 'deny' },
      };
    case 'docs':
      // Swagger UI: its bundled scripts and styles from this origin, calls to this API only
      return {
        hsts,
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'script-src-attr': ["'none'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:'],
            'connect-src': ["'self'"],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': ["'none'"],
          },
        },
        xFrameOptions: { action: 'deny' },
      };
    case 'media':
      // players, the PDF viewer (an <object>) and images of a page that may sit on another host of this server
      return { hsts, contentSecurityPolicy: false, xFrameOptions: false, crossOriginResourcePolicy: { policy: 'cross-origin' } };
    default:
      return {
        hsts,
        contentSecurityPolicy: { useDefaults: false, directives: appCsp(config, request, kind) },
        // only the game preview may be framed, and only by this origin's own pages
        xFrameOptions: { action: kind === 'framed' ? 'sameorigin' : 'deny' },
      };
  }
}

/**
 * Security headers of the app origin, with @fastify/helmet: each answer gets the policy of its
 * kind (API, media, admin page, portal page); HSTS only over https; every API answer that does
 * not say otherwise is `Cache-Control: no-store` (tokens, personal data).
 */
export default fp(async (app) => {
  const { config } = app;
  await app.register(helmet, { global: false, referrerPolicy: { policy: 'strict-origin-when-cross-origin' }, hsts: false });
  app.addHook('onRequest', async (request, reply) => {
    const kind = responseKind(request.url);
    reply.helmet(optionsFor(kind, config, request));
    if (kind === 'admin' || kind === 'portal' || kind === 'framed') reply.header('Permissions-Policy', permissionsPolicy(kind === 'admin' ? 'admin' : 'portal', config));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (responseKind(request.url) === 'api' && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}, { name: 'security-headers', dependencies: ['media-links'] });
