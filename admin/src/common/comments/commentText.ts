/**
 * A row of the list as the table reads it (spec 2 §3.10): lenient, since the 'trails' origin
 * lists star ratings (no comment) and `user` may come as a name or as {id, full_name}.
 */
export interface CommentRow {
  id: number;
  user?: string | { id?: number; full_name?: string; name?: string } | null;
  /** 0 to 5 (spec 2 §9 ratings) */
  stars?: number | null;
  comment?: string | null;
  status?: number | null;
}

/** The comment column shows this many characters, then '...' (the full text is in the row's title). */
export const COMMENT_PREVIEW_CHARS = 80;

export function authorName(user: CommentRow['user']): string {
  if (!user) return '';
  if (typeof user === 'string') return user;
  return user.full_name ?? user.name ?? '';
}

export function shorten(text: string | null | undefined, max = COMMENT_PREVIEW_CHARS): string {
  const chars = Array.from((text ?? '').trim());
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}...` : chars.join('');
}
