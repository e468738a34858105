import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { USERS_PATH } from './collections.ts';

/** spec 1 §2.3 "consent viewing" (permission visualize_consent, §6.2): what a user accepted or declined. */
export const CONSENT_KINDS = ['terms', 'privacy_policy', 'cookies_policy', 'data_processing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** POST /api/users/consents/ — the signed-in user records a decision (ip and user agent from the request). */
export const MY_CONSENTS_PATH = '/users/consents/';

export const ConsentRequest = Type.Object({
  kind: literalUnion(CONSENT_KINDS),
  version: Type.String({ minLength: 1, maxLength: 40 }),
  accepted: Type.Boolean(),
}, { additionalProperties: false });
export type ConsentRequest = Static<typeof ConsentRequest>;

export const UserConsent = Type.Object({
  id: Type.Integer(),
  kind: literalUnion(CONSENT_KINDS),
  version: Type.String(),
  accepted: Type.Boolean(),
  created_at: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
});
export type UserConsent = Static<typeof UserConsent>;

/** GET /api/admin_users/users/{id}/consents/ — the user's history in the selected client, newest first. */
export const userConsentsPath = (userId: number | string) => `${USERS_PATH}${userId}/consents/`;
