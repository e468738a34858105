/**
 * Preview grants (spec 1 §2.3 "view editor as a student"; docs/security.md "Preview grants"): a
 * short-lived token, HMAC-signed with the server's media key under its own context (so neither a
 * media grant nor any other signed value passes for one), naming the administrator it was issued
 * to, the client, the content and the learner the portal answers as.
 */
import { PREVIEW_KINDS, type PreviewKind } from '@lp/shared/contract';
import { signToken, verifyToken, type SignedTokenKind } from './signedToken.ts';

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

const isClaims = (value: unknown): value is PreviewGrantClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return ['a', 'c', 'i', 'u', 'e'].every((key) => Number.isInteger(g[key]))
    && (PREVIEW_KINDS as readonly unknown[]).includes(g.k);
};

const PREVIEW_GRANT: SignedTokenKind<PreviewGrantClaims> = { context: 'lp-preview-grant.v1.', isClaims };

export const signPreviewGrant = (secret: Buffer, claims: PreviewGrantClaims): string => signToken(PREVIEW_GRANT, secret, claims);

/** The claims of a grant, or null: forged, altered, malformed or expired. */
export const verifyPreviewGrant = (secret: Buffer, token: string, now = Date.now()): PreviewGrantClaims | null =>
  verifyToken(PREVIEW_GRANT, secret, token, now);
