import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UserSummary } from '@lp/shared/contract';
import { hasControlPanelAccess } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { areaOptions, profileOptions, searchClientUsers, userGroupOptions } from '../../repositories/lookups.ts';

const Option = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
const ProfileOption = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), email_domains: Type.Array(Type.String()) }));
const UserSearch = Type.Object({ search: Type.String({ minLength: 3, maxLength: 100 }) });

/** Small option lists for forms, scoped to the selected client (spec 1 §3.8). */
const lookups: FastifyPluginAsyncTypebox = async (app) => {

  app.get('/lookups/areas/', { config: { access: 'authenticated' }, schema: { response: { 200: Option } } }, async (request) =>
    areaOptions(app.db, clientOf(request)));

  // the e-mail domains go with the profile: the user form checks "Invalid email for this profile" as the server does
  app.get('/lookups/profiles/', { config: { access: 'authenticated' }, schema: { response: { 200: ProfileOption } } }, async (request) => {
    const rows = await profileOptions(app.db, clientOf(request));
    return rows.map((r) => ({ id: r.id, name: r.name, email_domains: r.email_domains }));
  });

  app.get('/lookups/user_groups/', { config: { access: 'authenticated' }, schema: { response: { 200: Option } } }, async (request) =>
    userGroupOptions(app.db, clientOf(request)));

  // spec 2 §9: autocomplete from 3 characters, at most 25 results
  app.get('/lookups/users/', { config: { access: 'authenticated' }, schema: { querystring: UserSearch, response: { 200: Type.Array(UserSummary) } } }, async (request) => {
    // people search is for the control panel, not for learners
    if (!hasControlPanelAccess(authOf(request).subject)) throw new HttpError(403, 'permission_denied', 'Permission denied');
    return searchClientUsers(app.db, clientOf(request), request.query.search);
  });
};
export default lookups;
