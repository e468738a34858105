/** spec 1 §5.5 slug helper. */
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'ae', ø: 'oe', Ø: 'oe', œ: 'oe', Œ: 'oe' };

export function slugify(text: string): string {
  return text
    .replace(/[ßæÆøØœŒ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/%/g, 'pct')
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
