/** A storage key is a relative `/` path without empty, `.` or `..` segments, NUL or backslashes. */
export function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0')
    || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix is a key ending in `/`. */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** The key of a media resource (a path relative to the media root, lib/mediaStore.ts). */
export const mediaKey = (resource: string) => checkKey(`media/${resource}`);
