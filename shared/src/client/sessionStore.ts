import LZString from 'lz-string';
import { SESSION_STORAGE_KEY } from '../languages.ts';
import type { SessionUser } from '../contract/session.ts';

/**
 * What admin and portal keep in local storage under '{product}-v3', compressed (spec 1 §3.1):
 * the session's non-secret part. Both apps share one origin, so they share one session. The
 * tokens are not here (docs/security.md "Tokens"): the refresh token is in an HttpOnly
 * cookie, the access token in the memory of each page's api client.
 */
export interface StoredSession {
  /** a login happened and was not ended: the api client restores the access token from the cookie */
  signed_in: boolean;
  user: SessionUser | null;
  /** spec 1 §2.4: the path asked for before login, navigated to after it */
  remembered_path: string | null;
  /** the language chosen before login (locale code) */
  locale: string | null;
}

export const EMPTY_SESSION: StoredSession = {
  signed_in: false,
  user: null,
  remembered_path: null,
  locale: null,
};

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The stored object as written, whatever it held (a session written before the tokens left storage has them). */
function readRaw(storage: KeyValueStorage): Record<string, unknown> {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(LZString.decompressFromUTF16(raw) ?? '');
    return typeof parsed === 'object' && parsed !== null ? parsed as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

export function readSession(storage: KeyValueStorage): StoredSession {
  const raw = readRaw(storage);
  return {
    // a session stored with its tokens, before they left storage, is signed in too
    signed_in: raw.signed_in === true || (typeof raw.refresh_token === 'string' && raw.refresh_token !== ''),
    user: (raw.user as SessionUser | null | undefined) ?? null,
    remembered_path: typeof raw.remembered_path === 'string' ? raw.remembered_path : null,
    locale: typeof raw.locale === 'string' ? raw.locale : null,
  };
}

/**
 * The refresh token a session stored before it moved into the cookie, once: it is removed from
 * storage as it is read (the api client trades it for the cookie).
 */
export function takeStoredRefreshToken(storage: KeyValueStorage): string | null {
  const raw = readRaw(storage);
  if (typeof raw.refresh_token !== 'string' || !raw.refresh_token) return null;
  writeSession(storage, { ...readSession(storage), signed_in: true });
  return raw.refresh_token;
}

export function writeSession(storage: KeyValueStorage, session: StoredSession): void {
  const { signed_in, user, remembered_path, locale } = session;
  storage.setItem(SESSION_STORAGE_KEY, LZString.compressToUTF16(JSON.stringify({ signed_in, user, remembered_path, locale })));
}

export function updateSession(storage: KeyValueStorage, patch: Partial<StoredSession>): StoredSession {
  const next = { ...readSession(storage), ...patch };
  writeSession(storage, next);
  return next;
}

/** Logout clears the session and user data but keeps the chosen language (spec 1 §4.4). */
export function clearSession(storage: KeyValueStorage, keep: Partial<StoredSession> = {}): StoredSession {
  const locale = readSession(storage).locale;
  const next = { ...EMPTY_SESSION, locale, ...keep };
  writeSession(storage, next);
  return next;
}
