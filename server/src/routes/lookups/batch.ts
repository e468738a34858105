import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOOKUPS_PATH, LookupsAnswer, LookupsQuery, type LookupName } from '@lp/shared/contract';
import { clientOf } from '../../plugins/app/auth.ts';
import { lookupOptions } from '../../repositories/lookups.ts';

/**
 * Several form lists in one request (`?names=areas,profiles`): an editor's selects ask together,
 * so the form does not wait on one request per select. The same rows, access and client scope as
 * each list's own path (options.ts, organisation.ts).
 */
const lookupsBatch: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LOOKUPS_PATH, {
    config: { access: 'authenticated' },
    schema: { querystring: LookupsQuery, response: { 200: LookupsAnswer } },
  }, async (request) => {
    const names = [...new Set(request.query.names.split(','))] as LookupName[];
    const clientId = clientOf(request);
    const lists = await Promise.all(names.map((name) => lookupOptions(app.db, name, clientId)));
    return Object.fromEntries(names.map((name, i) => [name, lists[i]])) as LookupsAnswer;
  });
};
export default lookupsBatch;
