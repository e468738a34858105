/**
 * Rich text from the admin editors, sanitised on the server with a maintained library
 * (DESIGN "Files and media"): the editor's formatting, links and images stay; scripts,
 * event handlers, frames, forms and unsafe styles go. The portal renders what is stored.
 */
import sanitize from 'sanitize-html';

/** http(s) anywhere, or our own media paths (spec 2 §7.5 editor images). */
const IMAGE_SRC = /^(https?:\/\/[^\s]+|\/media\/(?!.*\.\.)[^\s]*)$/i;
/** spec: links are http, https or mailto */
const LINK_HREF = /^(https?:\/\/|mailto:)[^\s]*$/i;

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/];

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    ol: ['start', 'type'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    '*': ['class', 'style'],
  },
  // the editor's own classes (alignment, indentation, sizes, fonts)
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-size': LENGTH,
      'padding-left': LENGTH,
      'margin-left': LENGTH,
    },
    // spec 2 §7.5: "The image is inserted at max-width 100%"
    img: { 'max-width': [/^100%$/], width: [/^\d{1,4}(px|%)$/, /^auto$/], height: [/^\d{1,4}px$/, /^auto$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitize.Attributes = {};
      const href = attribs.href?.trim();
      if (href && LINK_HREF.test(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      // a link never gets a handle on the page that opened it
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      const { src: _dropped, ...rest } = attribs;
      return { tagName, attribs: src && IMAGE_SRC.test(src) ? { ...rest, src } : rest };
    },
  },
  // an image whose source was not allowed is dropped as a whole
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, OPTIONS).trim();
}
