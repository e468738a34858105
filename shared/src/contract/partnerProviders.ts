import { Type, type Static } from '@sinclair/typebox';

/**
 * spec 1 §1 "single sign-on through a partner retail programme", §2.1 login-{partner}: a partner's
 * OpenID Connect provider of the selected client (superuser only, title `configuration`). The
 * client secret is write-only: the server keeps it encrypted and never answers it, only whether
 * one is stored (docs/security.md "Secrets at rest").
 */
export const PARTNER_PROVIDERS_PATH = '/admin_config/partner_providers/';

/** the brand in the portal's return path login-{slug} */
export const PARTNER_SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$';
const Claim = Type.String({ minLength: 1, maxLength: 60 });

export const PartnerProvider = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  issuer: Type.String(),
  oidc_client_id: Type.String(),
  /** a secret is stored (its value is never sent back) */
  has_client_secret: Type.Boolean(),
  email_claim: Type.String(),
  name_claim: Type.String(),
  document_claim: Type.Union([Type.String(), Type.Null()]),
  auto_provision: Type.Boolean(),
  enabled: Type.Boolean(),
  created_at: Type.String(),
});
export type PartnerProvider = Static<typeof PartnerProvider>;

export const PartnerProviderInput = Type.Object({
  slug: Type.String({ pattern: PARTNER_SLUG_PATTERN, minLength: 1, maxLength: 40 }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  /** the issuer identifier (https; its /.well-known/openid-configuration is read) */
  issuer: Type.String({ minLength: 1, maxLength: 500, pattern: '^https?://' }),
  oidc_client_id: Type.String({ minLength: 1, maxLength: 200 }),
  /** required on create; on update, left out (or empty) keeps the stored one */
  oidc_client_secret: Type.Optional(Type.String({ maxLength: 300 })),
  email_claim: Type.Optional(Claim),
  name_claim: Type.Optional(Claim),
  document_claim: Type.Optional(Type.Union([Claim, Type.Null()])),
  auto_provision: Type.Optional(Type.Boolean()),
  enabled: Type.Optional(Type.Boolean()),
});
export type PartnerProviderInput = Static<typeof PartnerProviderInput>;
