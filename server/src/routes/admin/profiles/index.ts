import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Profile, ProfileInput } from '@lp/shared/contract';
import { invalidEmailDomain, normalizeEmailDomains } from '@lp/shared/rules';
import { HttpError } from '../../../lib/httpError.ts';
import { registerCrud } from '../../../lib/crud.ts';

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
    query: (db, clientId) => db.selectFrom('profiles').select(['profiles.id', 'profiles.name', 'profiles.translations', 'profiles.email_domains', 'profiles.created_at'])
      .where('profiles.client_id', '=', clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, name: r.name, translations: r.translations,
        email_domains: r.email_domains, created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      const row = await db.insertInto('profiles').values({
        client_id: clientId, name: input.name.trim(), translations: JSON.stringify(input.translations ?? {}),
        email_domains: domainsColumn(input.email_domains ?? []), created_at: new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, clientId, id, input) {
      const res = await db.updateTable('profiles').set({
        name: input.name.trim(),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        ...(input.email_domains ? { email_domains: domainsColumn(input.email_domains) } : {}),
      }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remove(db, clientId, id) {
      // users keep their link row; the profile reference is cleared
      await db.updateTable('user_clients').set({ profile_id: null }).where('client_id', '=', clientId).where('profile_id', '=', id).execute();
      const res = await db.deleteFrom('profiles').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
};
export default profiles;
