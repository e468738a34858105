/**
 * spec 2 §3.2 "An embed is a video URL, a share link or an embed code" of the service the module
 * type names (§5.2: required for embed types). Stored as given only once it is known safe: a
 * URL is stored normalised; an iframe is rebuilt by the maintained sanitizer with nothing but
 * its frame attributes, and its src must stay on the service's domains over https.
 */
import sanitize from 'sanitize-html';
import { EMBED_HOSTS, EMBED_MAX_LENGTH, embedUrlFor } from '@lp/shared/rules';

const IFRAME_ATTRIBUTES = ['src', 'width', 'height', 'frameborder', 'allow', 'allowfullscreen', 'title', 'referrerpolicy', 'loading'];

/** The embed to store for a module of type `slug`, or null when it is not one of that service. */
export function sanitiseEmbed(slug: string, text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > EMBED_MAX_LENGTH) return null;
  const url = embedUrlFor(slug, trimmed);
  if (!url) return null;
  if (!/^<iframe[\s>]/i.test(trimmed)) return url;
  const clean = sanitize(trimmed, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: IFRAME_ATTRIBUTES },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['src'],
    allowedIframeDomains: [...(EMBED_HOSTS[slug] ?? [])],
    allowIframeRelativeUrls: false,
    allowProtocolRelative: false,
  }).trim();
  // what survived must still be one frame pointing at the service
  if (!/^<iframe\b[^>]*\ssrc="https:\/\/[^"]+"[^>]*><\/iframe>$/i.test(clean)) return null;
  return embedUrlFor(slug, clean) ? clean : null;
}
