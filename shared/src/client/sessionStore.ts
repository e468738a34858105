import LZString from 'lz-string';
import { SESSION_STORAGE_KEY } from '../languages.ts';
import type { SessionUser } from '../contract/session.ts';

/**
 * What admin and portal keep in local storage under '{product}-v3', compressed
 * (spec 1 §3.1). Both apps share one origin, so they share one session.
 */
export interface StoredSession {
  access_token: string | null;
  refresh_token: string | null;
  user: SessionUser | null;
  /** spec 1 §2.4: the path asked for before login, navigated to after it */
  remembered_path: string | null;
  /** the language chosen before login (locale code) */
  locale: string | null;
}

export const EMPTY_SESSION: StoredSession = {
  access_token: null,
  refresh_token: null,
  user: null,
  remembered_path: null,
  locale: null,
};

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readSession(storage: KeyValueStorage): StoredSession {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return { ...EMPTY_SESSION };
  try {
    const parsed = JSON.parse(LZString.decompressFromUTF16(raw) ?? '') as Partial<StoredSession>;
    return { ...EMPTY_SESSION, ...parsed };
  } catch {
    return { ...EMPTY_SESSION };
  }
}

export function writeSession(storage: KeyValueStorage, session: StoredSession): void {
  storage.setItem(SESSION_STORAGE_KEY, LZString.compressToUTF16(JSON.stringify(session)));
}

export function updateSession(storage: KeyValueStorage, patch: Partial<StoredSession>): StoredSession {
  const next = { ...readSession(storage), ...patch };
  writeSession(storage, next);
  return next;
}

/** Logout clears tokens and user data but keeps the chosen language (spec 1 §4.4). */
export function clearSession(storage: KeyValueStorage, keep: Partial<StoredSession> = {}): StoredSession {
  const locale = readSession(storage).locale;
  const next = { ...EMPTY_SESSION, locale, ...keep };
  writeSession(storage, next);
  return next;
}
