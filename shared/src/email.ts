/** A pragmatic e-mail check (spec 1 §5.3 "Invalid email address"); the server is the authority. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** spec 1 §4.4/§7: username is an e-mail or a document; a document is sent digits only. */
export function normaliseUsername(value: string): string {
  const v = value.trim();
  return v.includes('@') ? v.toLowerCase() : v.replace(/\D/g, '');
}
