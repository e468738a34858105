import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { USER_STATUSES } from '@lp/shared/rules';
import { clientOf } from '../../plugins/app/auth.ts';
import { countryOptions, organisationOptions } from '../../repositories/lookups.ts';

const Option = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));

/** Selects of the user and branch forms (spec 1 §3.8 branch_types, branch_size_types, branch_regional, countries). */
const organisationLookups: FastifyPluginAsyncTypebox = async (app) => {

  for (const [path, table] of [
    ['headquarters', 'headquarters'], ['branches', 'branches'], ['branch_types', 'branch_types'],
    ['branch_size_types', 'branch_size_types'], ['regionals', 'regionals'],
  ] as const) {
    app.get(`/lookups/${path}/`, { config: { access: 'authenticated' }, schema: { response: { 200: Option } } }, async (request) =>
      organisationOptions(app.db, table, clientOf(request)));
  }

  app.get('/lookups/countries/', {
    config: { access: 'authenticated' },
    schema: { response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String(), use_document_mask: Type.Boolean() })) } },
  }, async () => countryOptions(app.db));

  app.get('/lookups/user_statuses/', {
    config: { access: 'authenticated' },
    schema: { response: { 200: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) } },
  }, async () => USER_STATUSES.map((s) => ({ id: s, name: s })));
};
export default organisationLookups;
