import DOMPurify from 'dompurify';

/**
 * The server sanitises rich text already (DESIGN "Rich text"); the portal still never trusts
 * HTML it inserts: DOMPurify keeps formatting, links and images, and drops anything that can run
 * code or pull in active content (scripts, frames, forms, handlers, style, javascript: URLs).
 */
const CONFIG = {
  ALLOWED_TAGS: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table',
    'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height'],
  // relative paths and http(s)/mailto only; protocol-relative hosts are refused too
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[a-z0-9+.-]+(?:[^a-z0-9+.:-]|$)|[^a-z/\\]|\/(?![/\\]))/i,
  // an unknown wrapper keeps its content
  KEEP_CONTENT: true,
};

let hooked = false;
function purifier() {
  if (!hooked) {
    // links open in a new tab without handing the page over
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function safeHtml(html: string): string {
  return purifier().sanitize(html, CONFIG) as unknown as string;
}
