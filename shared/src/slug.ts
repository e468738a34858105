/**
 * spec 1 §5.5 slug helper. Letters that Unicode does not decompose into a base letter plus
 * accents (ß, æ, ø, œ, and the stroked or barred ð, đ, ł, ħ, þ, ı) are mapped first; the rest
 * lose their accents through NFKD.
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'ae', ø: 'oe', Ø: 'oe', œ: 'oe', Œ: 'oe',
  ð: 'd', Ð: 'd', đ: 'd', Đ: 'd', ł: 'l', Ł: 'l', ħ: 'h', Ħ: 'h', þ: 'th', Þ: 'th', ı: 'i',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

export function slugify(text: string): string {
  return text
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/%/g, 'pct')
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
