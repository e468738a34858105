import { isApiDate, TRAIL_ITEM_SEARCH, trailItemKey, validateTrailItems } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONTENT_STATUS, TRAIL_PATHS, TrailItem, TrailItemOption, TrailItemSearchQuery, TrailItemsInput } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import {
  itemContents, loadTrailItems, searchTrailItemOptions, storedTrailItems, writeTrailItems, type StoredTrailItem,
} from '../../repositories/trailItems.ts';
import { trailAccess, trailOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/**
 * The trail's modules (spec 2 §2.4, §3.8), in the style of the training hierarchy (§7.1): GET
 * the ordered list, POST the whole list on every add, remove, move or prerequisite change.
 */
const items: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trailAccess;
  const answer = { 200: Type.Array(TrailItem) };

  app.get(TRAIL_PATHS.items(':id'), { config: { access: guard.read }, schema: { params: IdParams, response: answer } }, async (request) => {
    await trailOr404(app.db, request, request.params.id);
    return loadTrailItems(app.db, clientOf(request), request.params.id);
  });

  app.post(TRAIL_PATHS.items(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, body: TrailItemsInput, response: answer },
  }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    const list: StoredTrailItem[] = request.body.map((item) => ({
      kind: item.kind, item_id: item.item_id, order: item.order, prerequisite: item.prerequisite ?? null,
      avaliable_in: item.avaliable_in?.trim() ? item.avaliable_in.trim() : null,
    }));
    // spec 2 §5.8: orders 1..n, each module once, prerequisites among them, not itself, no cycle, one free
    const refused = validateTrailItems(list);
    if (refused) throw new HttpError(400, refused, 'The modules of the trail are not valid');
    if (list.some((item) => item.avaliable_in !== null && !isApiDate(item.avaliable_in))) {
      throw new HttpError(400, 'validation_error', 'avaliable_in must be a day (YYYY-MM-DD)', { avaliable_in: 'validation_error' });
    }
    await app.db.transaction().execute(async (trx) => {
      await trailOr404(trx, request, id);
      const stored = new Set((await storedTrailItems(trx, id)).map(trailItemKey));
      const contents = await itemContents(trx, clientId, list);
      // content the selected client does not have (another client's, deleted, unknown) does not exist for it
      const missing = list.find((item) => !contents.has(trailItemKey(item)));
      if (missing) throw new HttpError(404, 'not_found', `${missing.kind} ${missing.item_id} not found`);
      // only published content joins a trail; modules already in it stay when unpublished since
      const unavailable = list.find((item) => !stored.has(trailItemKey(item)) && contents.get(trailItemKey(item))!.status !== CONTENT_STATUS.published);
      if (unavailable) {
        throw new HttpError(400, 'trail_item_not_available', `${unavailable.kind} ${unavailable.item_id} cannot be added to the trail`);
      }
      await writeTrailItems(trx, id, list);
    });
    return loadTrailItems(app.db, clientId, id);
  });

  // spec 2 §5.11 / §9: from 3 characters, at most 25 results; published content of the client
  app.get(TRAIL_PATHS.searchItems, {
    config: { access: guard.read }, schema: { querystring: TrailItemSearchQuery, response: { 200: Type.Array(TrailItemOption) } },
  }, async (request) => {
    const search = request.query.search?.trim() ?? '';
    if (Array.from(search).length < TRAIL_ITEM_SEARCH.minChars) return [];
    return searchTrailItemOptions(app.db, clientOf(request), request.query.kind, search, TRAIL_ITEM_SEARCH.maxResults);
  });
};
export default items;
