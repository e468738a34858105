/**
 * Plain text of an editor's HTML, as spec 2 §5.1 measures the introduction: "HTML stripped,
 * entities decoded". Runs the same in the browser and on the server (no DOM needed).
 */

// HTML 4 Latin-1 entities, code points 160–255 in order
const LATIN1 = ('nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 '
  + 'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig '
  + 'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave '
  + 'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave '
  + 'iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml').split(' ');

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'",
  hellip: '\u2026', ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d',
  sbquo: '\u201a', bdquo: '\u201e', bull: '\u2022', euro: '\u20ac', trade: '\u2122', OElig: '\u0152', oelig: '\u0153',
  Scaron: '\u0160', scaron: '\u0161', Yuml: '\u0178', circ: '\u02c6', tilde: '\u02dc', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  ...Object.fromEntries(LATIN1.map((name, i) => [name, String.fromCodePoint(160 + i)])),
};

/** Decodes named (HTML 4 set) and numeric character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref] ?? whole;
  });
}

/**
 * Tags removed (with the content of script, style and template elements and comments),
 * entities decoded, ends trimmed. Nothing is added between blocks: the length counted is
 * the length of the characters the author typed.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const stripped = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/<![^>]*>/g, '');
  return decodeEntities(stripped).trim();
}

/** Characters as a reader counts them (an emoji is one), for the spec's length limits. */
export function plainLength(text: string): number {
  return Array.from(text).length;
}

/** Tags that end a line when the HTML is read: their text must not run into the next block's. */
const BLOCK_BOUNDARY = /<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th|section|article|header|footer|hr)\b[^>]*>/gi;

/**
 * The opening words of rich text for a list (news cards, message excerpts): blocks separated by
 * a space, whitespace collapsed, at most `length` characters as a reader counts them, with "…"
 * when cut.
 */
export function htmlExcerpt(html: string | null | undefined, length: number): string {
  const text = htmlToPlainText((html ?? '').replace(BLOCK_BOUNDARY, ' ')).replace(/\s+/g, ' ');
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('').trimEnd()}…`;
}
