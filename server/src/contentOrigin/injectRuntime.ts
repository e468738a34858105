/**
 * Puts `tags` (ASCII script tags) at the start of an HTML document's head, so they run before
 * any script of the package. The bytes are handled as latin1, so whatever the document's
 * encoding, every byte of it comes back unchanged around the insertion.
 */
export function injectIntoHead(html: Buffer, tags: string): Buffer {
  const text = html.toString('latin1');
  const at = insertionPoint(text);
  return Buffer.concat([html.subarray(0, at), Buffer.from(tags, 'latin1'), html.subarray(at)]);
}

function insertionPoint(text: string): number {
  for (const tag of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i]) {
    const found = tag.exec(text);
    if (found) return found.index + found[0].length;
  }
  // no head nor html tag: after a byte-order mark and a doctype, if any
  const lead = /^(?:\xef\xbb\xbf|\xfe\xff|\xff\xfe)?\s*(?:<!doctype[^>]*>)?/i.exec(text);
  return lead ? lead[0].length : 0;
}

/** The charset a document declares in a meta tag, or from its byte-order mark (null when neither). */
export function declaredCharset(html: Buffer): string | null {
  if (html[0] === 0xef && html[1] === 0xbb && html[2] === 0xbf) return 'utf-8';
  const head = html.subarray(0, 4096).toString('latin1');
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta?.[1]?.toLowerCase() ?? null;
}
