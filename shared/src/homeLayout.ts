/**
 * The portal home's layout per client (spec 1 §2.3 admin `home`, superuser only; spec 1 §2.2 /
 * spec 3 §2 "Home shows: highlights/next steps, pending courses and trails, finished courses; my
 * score and points statement; ranking, timeline and statistics; schedule"): which of those blocks
 * show and in which order. Stored in the client's settings JSON (`home_layout`); the server's home
 * answer computes only the shown blocks and the portal draws them in this order.
 */

/** The home's blocks, in the default order (the order the portal always had). */
export const HOME_BLOCKS = [
  'next_steps', 'my_score', 'statistics', 'schedule', 'pending_courses', 'pending_trails', 'finished',
  'ranking', 'points_statement', 'timeline',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];

export interface HomeBlockSetting {
  key: HomeBlock;
  visible: boolean;
}

export function isHomeBlock(value: unknown): value is HomeBlock {
  return typeof value === 'string' && (HOME_BLOCKS as readonly string[]).includes(value);
}

/**
 * Every block once, in the stored order: unknown or repeated entries of a stored layout are
 * dropped, and a block the stored layout does not name (one added after it was saved) comes at
 * the end, shown — so a new block is never silently hidden and an old layout never breaks.
 */
export function normaliseHomeLayout(stored: unknown): HomeBlockSetting[] {
  const seen = new Set<HomeBlock>();
  const out: HomeBlockSetting[] = [];
  for (const entry of Array.isArray(stored) ? stored : []) {
    const key = (entry as { key?: unknown } | null)?.key;
    if (!isHomeBlock(key) || seen.has(key)) continue;
    seen.add(key);
    out.push({ key, visible: (entry as { visible?: unknown }).visible !== false });
  }
  for (const key of HOME_BLOCKS) if (!seen.has(key)) out.push({ key, visible: true });
  return out;
}

/** The blocks the home shows, in order. */
export function visibleHomeBlocks(layout: readonly HomeBlockSetting[]): HomeBlock[] {
  return layout.filter((b) => b.visible).map((b) => b.key);
}

/** A saved layout names every block exactly once (the admin screen always sends the whole list). */
export function isCompleteHomeLayout(blocks: readonly { key: string }[]): boolean {
  const keys = new Set(blocks.map((b) => b.key));
  return blocks.length === HOME_BLOCKS.length && keys.size === HOME_BLOCKS.length && HOME_BLOCKS.every((k) => keys.has(k));
}

/** Moves the block at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveHomeBlock<T>(blocks: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= blocks.length || to < 0 || to >= blocks.length) return [...blocks];
  const next = [...blocks];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Client import codes (spec 1 §2.3 `import-code`, superuser only): a code names one client, so a
 * self-registration or an import row carrying it attaches the person to that client. Codes are
 * unique across every client (one code, one client), compared without case.
 */
export const IMPORT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
export const IMPORT_CODE_MAX = 40;

/** The code as it is stored and compared: trimmed, upper case. */
export function normaliseImportCode(value: string): string {
  return value.trim().toUpperCase();
}

export function isValidImportCode(value: string): boolean {
  return IMPORT_CODE_PATTERN.test(value.trim());
}
