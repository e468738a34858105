import { clearSession, readSession, updateSession, type StoredSession } from '@lp/shared/client';
import type { SessionUser } from '@lp/shared/contract';

/**
 * The portal keeps the non-secret part of its session in the same compressed store as the
 * admin (same origin); the tokens are the api client's (cookie and memory).
 */
export const storage: Storage = window.localStorage;

export const getSession = (): StoredSession => readSession(storage);

/** A login happened and was not ended (the access token itself is restored from the cookie when needed). */
export const isSignedIn = (): boolean => getSession().signed_in;

export function storeUser(user: SessionUser): void {
  updateSession(storage, { user });
}

export function storeLocale(locale: string): void {
  updateSession(storage, { locale });
}

/**
 * Only in-app paths are remembered, so a crafted link cannot send the user elsewhere. The control
 * panel shares the stored session (same origin) and remembers its own `/admin/…` paths there: the
 * portal's router has no such page, so those are not the portal's to follow.
 */
function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/admin(\/|$)/.test(path);
}

/** spec 1 §2.4: without an access token clear the session and remember where the user was going. */
export function loseSession(requestedPath: string): void {
  clearSession(storage, { remembered_path: isInAppPath(requestedPath) && requestedPath !== '/' ? requestedPath : null });
}

/** spec 1 §2.4: after login a remembered path is cleared and navigated to. */
export function takeRememberedPath(): string | null {
  const path = getSession().remembered_path;
  if (path) updateSession(storage, { remembered_path: null });
  return path && isInAppPath(path) ? path : null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The app shell subscribes to send the user to login when the api client gives up on the session. */
export function onSessionLost(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionLost(): void {
  loseSession(window.location.pathname + window.location.search);
  for (const listener of listeners) listener();
}
