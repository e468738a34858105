/**
 * The one shape of the server's short-lived signed tokens (media grants, preview grants):
 * base64url JSON claims, a dot, and an HMAC-SHA256 of them under a context string of their own, so
 * a token of one kind never passes for another. The claims carry their expiry `e` in seconds.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedTokenKind<T extends { e: number }> {
  /** names the kind inside the MAC, e.g. 'lp-media-grant.v1.' */
  context: string;
  /** the shape check of decoded claims */
  isClaims(value: unknown): value is T;
}

const mac = (secret: Buffer, context: string, payload: string) => createHmac('sha256', secret).update(context + payload).digest();

export function signToken<T extends { e: number }>(kind: SignedTokenKind<T>, secret: Buffer, claims: T): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, kind.context, payload).toString('base64url')}`;
}

/** The claims a token carries, or null: forged, altered, malformed, of another kind or expired. */
export function verifyToken<T extends { e: number }>(kind: SignedTokenKind<T>, secret: Buffer, token: string, now = Date.now()): T | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, kind.context, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!kind.isClaims(claims) || claims.e * 1000 <= now) return null;
  return claims;
}
