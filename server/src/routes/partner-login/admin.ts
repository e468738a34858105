import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, PartnerProvider, PartnerProviderInput } from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  deletePartnerProvider, insertPartnerProvider, partnerProvidersQuery, partnerSlugTaken, updatePartnerProvider,
} from '../../repositories/partnerProviders.ts';

const slugTaken = () => new HttpError(409, 'name_not_unique', 'Another partner login uses this slug', { slug: 'name_not_unique' });

/**
 * spec 1 §2.1 login-{partner}: the selected client's partner OpenID providers (issuer, client id
 * and secret, claim → user mapping, auto-provisioning), superuser only like the configuration
 * (title `configuration`, spec 1 §6.1). The secret is write-only: sealed on the way in, never answered.
 */
const partnerProvidersAdmin: FastifyPluginAsync = async (app) => {
  const def = ADMIN_RESOURCES.partner_providers;
  registerCrud(app, {
    resource: def.name,
    path: def.apiPath,
    title: def.title,
    idColumn: 'partner_providers.id',
    input: PartnerProviderInput,
    output: PartnerProvider,
    listSpec: {
      searchColumns: ['partner_providers.name', 'partner_providers.slug', 'partner_providers.issuer'],
      sortable: { id: 'partner_providers.id', name: 'partner_providers.name', slug: 'partner_providers.slug' },
      defaultOrdering: 'name',
    },
    query: (db, clientId) => partnerProvidersQuery(db, clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, slug: r.slug, name: r.name, issuer: r.issuer, oidc_client_id: r.oidc_client_id,
        has_client_secret: Number(r.has_client_secret) === 1, email_claim: r.email_claim, name_claim: r.name_claim,
        document_claim: r.document_claim, auto_provision: Boolean(r.auto_provision), enabled: Boolean(r.enabled),
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
    async create(db, clientId, input) {
      const secret = input.oidc_client_secret?.trim();
      if (!secret) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The client secret is required', { oidc_client_secret: 'make_sure_that_all_fields_are_filled_in' });
      if (await partnerSlugTaken(db, input.slug, null)) throw slugTaken();
      return insertPartnerProvider(db, clientId, { ...input, oidc_client_secret: secret }, app.secretBox);
    },
    async update(db, clientId, id, input) {
      if (await partnerSlugTaken(db, input.slug, id)) throw slugTaken();
      return updatePartnerProvider(db, clientId, id, { ...input, oidc_client_secret: input.oidc_client_secret?.trim() }, app.secretBox);
    },
    remove: (db, clientId, id) => deletePartnerProvider(db, clientId, id),
  });
};
export default partnerProvidersAdmin;
