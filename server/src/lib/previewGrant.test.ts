import { describe, expect, it } from 'vitest';
import { signPreviewGrant, verifyPreviewGrant, type PreviewGrantClaims } from './previewGrant.ts';
import { signGrant } from './signedMedia.ts';

const secret = Buffer.from('preview-test-secret');
const claims: PreviewGrantClaims = { a: 1, c: 2, k: 'training', i: 3, u: 4, e: Math.floor(Date.now() / 1000) + 60 };

describe('preview grants', () => {
  it('verifies what it signed, until it expires', () => {
    const token = signPreviewGrant(secret, claims);
    expect(verifyPreviewGrant(secret, token)).toEqual(claims);
    expect(verifyPreviewGrant(secret, token, (claims.e + 1) * 1000)).toBeNull();
  });

  it('refuses an altered payload, another key, and a media grant signed with the same key', () => {
    const token = signPreviewGrant(secret, claims);
    const [, sig] = token.split('.');
    const altered = `${Buffer.from(JSON.stringify({ ...claims, u: 5 })).toString('base64url')}.${sig}`;
    expect(verifyPreviewGrant(secret, altered)).toBeNull();
    expect(verifyPreviewGrant(Buffer.from('other'), token)).toBeNull();
    // the same key signs media grants: their context differs, so one never passes for the other
    const media = signGrant(secret, { ...claims, d: 'x/' } as never);
    expect(verifyPreviewGrant(secret, media)).toBeNull();
    expect(verifyPreviewGrant(secret, 'garbage')).toBeNull();
  });
});
