/** spec 1 §5.2 documents: masks per country and the Brazilian check digits. */

export const DOCUMENT_MASKS: Record<string, string | number> = { BRA: '###.###.###-##', ARG: 9, URY: 8 };
export const DOCUMENT_MAX_LENGTH = 50;

/** Unmasking removes every non-alphanumeric character. */
export function unmaskDocument(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '');
}

/** Digits only, the form the API stores and the login accepts. */
export function documentDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function maskDocument(value: string, countryCode: string): string {
  const mask = DOCUMENT_MASKS[countryCode];
  const raw = unmaskDocument(value);
  if (typeof mask === 'number') return raw.slice(0, mask);
  if (typeof mask !== 'string') return raw.slice(0, DOCUMENT_MAX_LENGTH);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= raw.length) break;
    if (ch === '#') out += raw[i++];
    else out += ch;
  }
  return out;
}

function checkDigit(digits: number[], firstWeight: number): number {
  let sum = 0;
  digits.forEach((d, idx) => { sum += d * (firstWeight - idx); });
  const rest = (sum * 10) % 11;
  return rest >= 10 ? 0 : rest;
}

/** spec 1 §5.2: 11 digits, not all identical, two mod-11 check digits. */
export function isValidBrazilianDocument(value: string): boolean {
  const clean = value.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(clean) || /^(\d)\1{10}$/.test(clean)) return false;
  const digits = [...clean].map(Number);
  const first = checkDigit(digits.slice(0, 9), 10);
  const second = checkDigit(digits.slice(0, 10), 11);
  return first === digits[9] && second === digits[10];
}

/** The Brazilian document of nine base digits with its two check digits (demo data and tests). */
export function brazilianDocumentOf(base: string): string {
  const digits = [...base.padStart(9, '0').slice(-9)].map(Number);
  digits.push(checkDigit(digits, 10));
  digits.push(checkDigit(digits, 11));
  return digits.join('');
}
