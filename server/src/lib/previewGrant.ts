/**
 * Preview grants (spec 1 §2.3 "view editor as a student"; docs/security.md "Preview grants"): a
 * short-lived token, HMAC-signed with the server's media key under its own context (so neither a
 * media grant nor any other signed value passes for one), naming the administrator it was issued
 * to, the client, the content and the learner the portal answers as.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_KINDS, type PreviewKind } from '@lp/shared/contract';

export interface PreviewGrantClaims {
  /** the administrator who asked for it: only their session may present it */
  a: number;
  /** the client it was issued in: only a session with that client selected may present it */
  c: number;
  k: PreviewKind;
  /** the training or webcast */
  i: number;
  /** the learner the answers are for */
  u: number;
  /** expiry, in seconds since the epoch */
  e: number;
}

const CONTEXT = 'lp-preview-grant.v1.';

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(CONTEXT + payload).digest();

export function signPreviewGrant(secret: Buffer, claims: PreviewGrantClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const isClaims = (value: unknown): value is PreviewGrantClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return ['a', 'c', 'i', 'u', 'e'].every((key) => Number.isInteger(g[key]))
    && (PREVIEW_KINDS as readonly unknown[]).includes(g.k);
};

/** The claims of a grant, or null: forged, altered, malformed or expired. */
export function verifyPreviewGrant(secret: Buffer, token: string, now = Date.now()): PreviewGrantClaims | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.e * 1000 <= now) return null;
  return claims;
}
