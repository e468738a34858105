/**
 * WebRTC playback grants (docs/security.md "Signed media"; streaming/README "Low-latency
 * playback"): the learner's watch page answer carries a WHEP address holding this token, given
 * exactly where the live HLS address is given (the learner may watch the webcast now). The token
 * names the webcast and an expiry, HMAC-signed with the server's media key under its own context,
 * so no other signed value passes for one.
 */
import { signToken, verifyToken, type SignedTokenKind } from './signedToken.ts';

export interface WhepGrantClaims {
  /** the webcast */
  w: number;
  /** expiry, in seconds since the epoch */
  e: number;
}

const isClaims = (value: unknown): value is WhepGrantClaims =>
  typeof value === 'object' && value !== null && Number.isInteger((value as Record<string, unknown>).w) && Number.isInteger((value as Record<string, unknown>).e);

const WHEP_GRANT: SignedTokenKind<WhepGrantClaims> = { context: 'lp-whep-grant.v1.', isClaims };

/** A grant lives as long as a media URL: the watch page's answer is refetched well before. */
export const WHEP_GRANT_SECONDS = 3600;

export const signWhepGrant = (secret: Buffer, claims: WhepGrantClaims): string => signToken(WHEP_GRANT, secret, claims);

/** The claims of a grant, or null: forged, altered, malformed, of another kind or expired. */
export const verifyWhepGrant = (secret: Buffer, token: string, now = Date.now()): WhepGrantClaims | null =>
  verifyToken(WHEP_GRANT, secret, token, now);
