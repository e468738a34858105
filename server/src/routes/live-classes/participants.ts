import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_CLASS_PATHS, ListQuery, LiveClassParticipant, LiveClassUsersBody, LiveClassUsersResult } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { nonMembers } from '../../repositories/liveClasses/classes.ts';
import {
  addParticipants, countParticipants, lockLiveClass, participantListQuery, removeParticipants, toParticipant,
} from '../../repositories/liveClasses/participants.ts';
import { liveClassAccess, liveClassNotFound, liveClassOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['u.full_name', 'u.email'],
  sortable: { id: 's.id', name: 'u.full_name', email: 'u.email', profile: 'p.name', subscribed_at: 's.created_at', entered_at: 's.entered_at' },
  defaultOrdering: 'id',
};

/**
 * spec 3 §2 admin editor: the subscribers of an open class ("the subscribers list can be
 * updated": the list is read again; add and remove in bulk) and the invitees of a closed one (a
 * list; the guest list itself is saved with the class, where spec 3 §5 checks it).
 */
const participants: FastifyPluginAsyncTypebox = async (app) => {
  const guard = liveClassAccess;

  for (const [path, type] of [[LIVE_CLASS_PATHS.subscribers(':id'), 'open'], [LIVE_CLASS_PATHS.invitees(':id'), 'closed']] as const) {
    app.get(path, { config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(LiveClassParticipant) } }, async (request, reply) => {
      const row = await liveClassOr404(app.db, request, request.params.id);
      const list = parseListQuery(request.query, LIST_SPEC);
      // an open class has subscribers and no invitees; a closed one the reverse
      const qb = participantListQuery(app.db, clientOf(request), row.id);
      const { rows, total } = row.live_class_type === type ? await runList(qb, list, LIST_SPEC) : { rows: [], total: 0 };
      return sendList(reply, type === 'open' ? 'subscribers' : 'invitees', list, rows.map(toParticipant), total);
    });
  }

  app.post(LIVE_CLASS_PATHS.subscribersAdd(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, body: LiveClassUsersBody, response: { 200: LiveClassUsersResult } },
  }, async (request) => {
    const clientId = clientOf(request);
    const { user_ids: userIds } = request.body;
    return app.db.transaction().execute(async (trx) => {
      const row = await lockLiveClass(trx, clientId, request.params.id);
      if (!row) throw liveClassNotFound();
      if (row.live_class_type !== 'open') throw new HttpError(400, 'live_class_closed', 'A closed class has invitees, saved with the class');
      // spec 3 §8 "Error registering users": someone who is not a member of the client
      if ((await nonMembers(trx, clientId, userIds)).length) {
        throw new HttpError(400, 'error_registering_users', 'Error registering users', { user_ids: 'validation_error' });
      }
      const outcome = await addParticipants(trx, row, userIds, new Date());
      // spec 3 §5/§8 "Enrolled users exceed the limit": all or none
      if (!outcome.ok) throw new HttpError(409, 'live_class_subscribers_above_limit', 'Enrolled users exceed the limit');
      return { changed: outcome.changed, qty_participants: outcome.taken };
    });
  });

  app.post(LIVE_CLASS_PATHS.subscribersRemove(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, body: LiveClassUsersBody, response: { 200: LiveClassUsersResult } },
  }, async (request) => {
    const row = await liveClassOr404(app.db, request, request.params.id);
    if (row.live_class_type !== 'open') throw new HttpError(400, 'live_class_closed', 'A closed class has invitees, saved with the class');
    const changed = await removeParticipants(app.db, row.id, request.body.user_ids);
    return { changed, qty_participants: await countParticipants(app.db, row.id) };
  });
};
export default participants;
