/**
 * The module player's rules (spec 2 §3.2 module kinds): what kind of player a
 * module type needs and which URL an embed of a hosted service is framed with (when a module is
 * done: completion.ts). The server decides with these; the portal shows it.
 */
import type { ModuleKind } from '../contract/learner.ts';
import { embedUrlFor } from '../trainings/modules.ts';

const KINDS: readonly ModuleKind[] = ['video', 'audio', 'pdf', 'scorm', 'html', 'powerpoint', 'file', 'youtube', 'vimeo', 'slideshare'];

/** The player kind of a module type slug (group_training_module_types); unknown slugs play as a file. */
export function moduleKindOf(slug: string): ModuleKind {
  return (KINDS as readonly string[]).includes(slug) ? (slug as ModuleKind) : 'file';
}

/** A video or audio counts as watched from this share of it played ("watched"; completion.ts). */
export const WATCHED_PERCENT = 90;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtubePlayer(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be' || host.endsWith('.youtu.be')) id = parts[0];
  else if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
  else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  // a share link's start time: t=90 / t=1m30s / start=90
  const t = url.searchParams.get('start') ?? url.searchParams.get('t');
  let start = 0;
  if (t) {
    const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
    if (m) start = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  }
  return `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
}

function vimeoPlayer(url: URL): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/{id}, vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/x/{id}
  const index = parts.findIndex((p) => /^\d+$/.test(p));
  if (index < 0) return null;
  const id = parts[index]!;
  const hash = url.searchParams.get('h') ?? (/^[0-9a-f]{6,}$/i.test(parts[index + 1] ?? '') ? parts[index + 1] : null);
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`;
}

/**
 * spec 2 §3.2 embeds: the https URL the portal frames for a stored embed (a URL, share link or
 * embed code of the service the type names), or null when the stored value is not one of that
 * service. Watch and share links become the services' player URLs; SlideShare's embed_code
 * links are already players, and its other links are framed as they are (https).
 */
export function embedPlayerUrl(slug: string, resource: string | null | undefined): string | null {
  if (!resource) return null;
  const target = embedUrlFor(slug, resource);
  if (!target) return null;
  const url = new URL(target);
  url.protocol = 'https:';
  if (slug === 'youtube') return youtubePlayer(url) ?? url.toString();
  if (slug === 'vimeo') return vimeoPlayer(url) ?? url.toString();
  return url.toString();
}
