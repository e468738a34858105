import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Profile, ProfileInput } from '@lp/shared/contract';
import { invalidEmailDomain, normalizeEmailDomains } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { registerCrud } from '../../lib/crud.ts';
import { deleteProfile, insertProfile, profilesQuery, updateProfile } from '../../repositories/organisation/profiles.ts';

/** The domains as stored (JSON), or 400 invalid_email_domain on the field. */
function domainsColumn(domains: readonly string[]): string {
  if (invalidEmailDomain(domains) !== null) {
    throw new HttpError(400, 'invalid_email_domain', 'Not a domain name', { email_domains: 'invalid_email_domain' });
  }
  return JSON.stringify(normalizeEmailDomains(domains));
}

const profiles: FastifyPluginAsync = async (app) => {
  registerCrud(app, {
    resource: 'profiles',
    path: ADMIN_RESOURCES.profiles.apiPath,
    title: ADMIN_RESOURCES.profiles.title,
    idColumn: 'profiles.id',
    input: ProfileInput,
    output: Profile,
    listSpec: {
      searchColumns: ['profiles.name'],
      sortable: { id: 'profiles.id', name: 'profiles.name', created_at: 'profiles.created_at' },
      defaultOrdering: 'name',
    },
    query: profilesQuery,
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, name: r.name, translations: r.translations,
        email_domains: r.email_domains, created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      return insertProfile(db, {
        client_id: clientId, name: input.name.trim(), translations: JSON.stringify(input.translations ?? {}),
        email_domains: domainsColumn(input.email_domains ?? []), created_at: new Date(),
      });
    },
    async update(db, clientId, id, input) {
      return updateProfile(db, clientId, id, {
        name: input.name.trim(),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        ...(input.email_domains ? { email_domains: domainsColumn(input.email_domains) } : {}),
      });
    },
    async remove(db, clientId, id) {
      return deleteProfile(db, clientId, id);
    },
  });
};
export default profiles;
