/**
 * spec 1 §2.1 login-{partner}: the partner OpenID providers of a client, as the configuration's
 * superusers edit them. The client secret is stored sealed (lib/secretBox.ts) and never read out
 * here: only whether one is stored.
 */
import { sql } from 'kysely';
import type { PartnerProviderInput } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { SecretBox } from '../lib/secretBox.ts';

export function partnerProvidersQuery(db: Db, clientId: number) {
  return db.selectFrom('partner_providers')
    .select([
      'partner_providers.id', 'partner_providers.slug', 'partner_providers.name', 'partner_providers.issuer',
      'partner_providers.oidc_client_id', 'partner_providers.email_claim', 'partner_providers.name_claim',
      'partner_providers.document_claim', 'partner_providers.auto_provision', 'partner_providers.enabled',
      'partner_providers.created_at',
      // the secret's presence, never its value
      sql<number>`case when partner_providers.oidc_client_secret <> '' then 1 else 0 end`.as('has_client_secret'),
    ])
    .where('partner_providers.client_id', '=', clientId);
}
export type PartnerProviderListRow = Awaited<ReturnType<ReturnType<typeof partnerProvidersQuery>['execute']>>[number];

/** The slug is the portal's return path: unique across clients. */
export async function partnerSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('partner_providers').select('id').where('slug', '=', slug);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const claims = (input: PartnerProviderInput) => ({
  ...(input.email_claim !== undefined ? { email_claim: input.email_claim.trim() } : {}),
  ...(input.name_claim !== undefined ? { name_claim: input.name_claim.trim() } : {}),
  ...(input.document_claim !== undefined ? { document_claim: input.document_claim?.trim() || null } : {}),
  ...(input.auto_provision !== undefined ? { auto_provision: input.auto_provision } : {}),
  ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
});

export async function insertPartnerProvider(db: Db, clientId: number, input: PartnerProviderInput & { oidc_client_secret: string }, box: SecretBox): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('partner_providers').values({
    client_id: clientId, slug: input.slug, name: input.name.trim(), issuer: input.issuer.trim(),
    oidc_client_id: input.oidc_client_id.trim(), oidc_client_secret: box.seal(input.oidc_client_secret),
    document_claim: null, ...claims(input), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An empty or absent secret keeps the stored one. */
export async function updatePartnerProvider(db: Db, clientId: number, id: number, input: PartnerProviderInput, box: SecretBox): Promise<boolean> {
  const res = await db.updateTable('partner_providers').set({
    slug: input.slug, name: input.name.trim(), issuer: input.issuer.trim(), oidc_client_id: input.oidc_client_id.trim(),
    ...(input.oidc_client_secret ? { oidc_client_secret: box.seal(input.oidc_client_secret) } : {}),
    ...claims(input), updated_at: new Date(),
  }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePartnerProvider(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('partner_providers').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Seals the client secrets stored in plain text (rows written before encryption at rest); answers how many. */
export async function sealPlainPartnerSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('partner_providers').select(['id', 'oidc_client_secret']).execute();
  let sealed = 0;
  for (const row of rows) {
    if (!row.oidc_client_secret || box.isSealed(row.oidc_client_secret)) continue;
    await db.updateTable('partner_providers').set({ oidc_client_secret: box.seal(row.oidc_client_secret) })
      .where('id', '=', row.id).where('oidc_client_secret', '=', row.oidc_client_secret).execute();
    sealed++;
  }
  return sealed;
}
