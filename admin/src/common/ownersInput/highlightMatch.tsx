import type { ReactNode } from 'react';

/** lower case, accents removed: "José" matches "jose" */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** [start, end) of the first case- and accent-insensitive occurrence of `query` in `text`, or null. */
export function findMatch(text: string, query: string): [number, number] | null {
  const needle = fold(query.trim());
  if (!needle) return null;
  let folded = '';
  const origin: number[] = []; // index in `text` of each folded character
  for (let i = 0; i < text.length; i++) {
    const part = fold(text.charAt(i));
    folded += part;
    for (let k = 0; k < part.length; k++) origin.push(i);
  }
  const at = folded.indexOf(needle);
  if (at < 0) return null;
  let end = (origin[at + needle.length - 1] ?? text.length - 1) + 1;
  // keep combining marks written after the last matched letter
  while (end < text.length && /\p{M}/u.test(text.charAt(end))) end++;
  return [origin[at] ?? 0, end];
}

/** spec 2 §5.11: autocomplete options underline the match. */
export function highlightMatch(text: string, query: string): ReactNode {
  const match = findMatch(text, query);
  if (!match) return text;
  const [start, end] = match;
  return (
    <>
      {text.slice(0, start)}
      <u>{text.slice(start, end)}</u>
      {text.slice(end)}
    </>
  );
}
