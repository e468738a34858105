import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UserSummary } from '@lp/shared/contract';
import { hasControlPanelAccess } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';

const Option = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
const ProfileOption = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), email_domains: Type.Array(Type.String()) }));
const UserSearch = Type.Object({ search: Type.String({ minLength: 3, maxLength: 100 }) });

/** Small option lists for forms, scoped to the selected client (spec 1 §3.8). */
const lookups: FastifyPluginAsyncTypebox = async (app) => {

  app.get('/lookups/areas/', { config: { access: 'authenticated' }, schema: { response: { 200: Option } } }, async (request) =>
    app.db.selectFrom('areas').select(['id', 'name']).where('client_id', '=', clientOf(request)).orderBy('name').execute());

  // the e-mail domains go with the profile: the user form checks "Invalid email for this profile" as the server does
  app.get('/lookups/profiles/', { config: { access: 'authenticated' }, schema: { response: { 200: ProfileOption } } }, async (request) => {
    const rows = await app.db.selectFrom('profiles').select(['id', 'name', 'email_domains']).where('client_id', '=', clientOf(request)).orderBy('name').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, email_domains: r.email_domains }));
  });

  app.get('/lookups/user_groups/', { config: { access: 'authenticated' }, schema: { response: { 200: Option } } }, async (request) =>
    app.db.selectFrom('user_groups').select(['id', 'name']).where('client_id', '=', clientOf(request)).orderBy('name').execute());

  // spec 2 §9: autocomplete from 3 characters, at most 25 results
  app.get('/lookups/users/', { config: { access: 'authenticated' }, schema: { querystring: UserSearch, response: { 200: Type.Array(UserSummary) } } }, async (request) => {
    // people search is for the control panel, not for learners
    if (!hasControlPanelAccess(authOf(request).subject)) throw new HttpError(403, 'permission_denied', 'Permission denied');
    const pattern = `%${request.query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return app.db.selectFrom('users')
      .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .select(['users.id', 'users.full_name', 'users.email'])
      .where('user_clients.client_id', '=', clientOf(request))
      .where((eb) => eb.or([
        eb(eb.fn('lower', ['users.full_name']), 'like', pattern),
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
      ]))
      .orderBy('users.full_name').limit(25).execute();
  });
};
export default lookups;
