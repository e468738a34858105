import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTENT_STATUS, TRAIL_PATHS, Trail, TrailDuplicated } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { countTrailItems } from '../../repositories/trailItems.ts';
import { duplicateTrail, setTrailStatus } from '../../repositories/trails.ts';
import { copyTitle } from '../trainings/actions.ts';
import { trailAnswer, trailAccess, trailNotFound, trailOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/** Publication and duplicate, in the style of spec 2 §7.1 (T/publish/, T/unpublish/: empty forms; GET T/duplicate/). */
const actions: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trailAccess;
  const params = IdParams;
  const answer = { 200: Trail };

  app.post(TRAIL_PATHS.publish(':id'), { config: { access: guard.write }, schema: { params, response: answer } }, async (request) => {
    const { id } = request.params;
    await trailOr404(app.db, request, id);
    // as a training needs a class or test (spec 2 §4.6), a trail needs a module
    if ((await countTrailItems(app.db, id)) === 0) {
      throw new HttpError(400, 'to_publish_the_trail_it_must_have_at_least_one_module', 'The trail has no module');
    }
    if (!(await setTrailStatus(app.db, clientOf(request), id, CONTENT_STATUS.published))) throw trailNotFound();
    return trailAnswer(app, request, id);
  });

  app.post(TRAIL_PATHS.unpublish(':id'), { config: { access: guard.write }, schema: { params, response: answer } }, async (request) => {
    const { id } = request.params;
    await trailOr404(app.db, request, id);
    if (!(await setTrailStatus(app.db, clientOf(request), id, CONTENT_STATUS.unpublished))) throw trailNotFound();
    return trailAnswer(app, request, id);
  });

  // a GET that copies, as the training's duplicate; the copy is unpublished
  app.get(TRAIL_PATHS.duplicate(':id'), { config: { access: guard.write }, schema: { params, response: { 200: TrailDuplicated } } }, async (request) => {
    const { user } = authOf(request);
    const source = await trailOr404(app.db, request, request.params.id);
    const title = copyTitle(source.title, translate(user.language_id, 'trainings.copy_suffix'));
    const newId = await app.db.transaction().execute((trx) => duplicateTrail(trx, clientOf(request), source.id, user.id, title));
    if (newId === null) throw trailNotFound();
    return { trail_duplicated_id: newId };
  });
};
export default actions;
