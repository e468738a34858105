import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangeIsOpenForm, CONTENT_STATUS, TRAINING_PATHS, Training, TrainingDuplicated } from '@lp/shared/contract';
import { TRAINING_LIMITS } from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { hasDoneActivities } from '../../repositories/trainingActivity.ts';
import { duplicateTraining } from '../../repositories/trainingDuplicate.ts';
import { countActiveModulesAndTests, setTrainingOpen, setTrainingStatus } from '../../repositories/trainings.ts';
import { queueCertifyClosed } from '../../learning/completion.ts';
import { trainingAnswer, trainingAccess, trainingOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/** A form boolean: `true`/`false`, `1`/`0`, `on`/`off` (or a JSON boolean). */
export function formBool(value: boolean | string): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no'].includes(text)) return false;
  return null;
}

/** "{title} (copy)" in the user's language, cut so the title stays within 256 characters. */
export function copyTitle(title: string, suffix: string): string {
  const room = TRAINING_LIMITS.titleMax - Array.from(suffix).length - 1;
  return `${Array.from(title).slice(0, room).join('').trimEnd()} ${suffix}`;
}

/** spec 2 §4.6 publication, open/closed and duplicate (§7.1 P/publish/, unpublish/, change_is_open/, duplicate/). */
const actions: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const params = IdParams;
  const answer = { 200: Training };
  const path = (action: string) => `${TRAINING_PATHS.collection}:id/${action}/`;

  // spec 2 §7.1: empty forms
  app.post(path('publish'), { config: { access: guard.write }, schema: { params, response: answer } }, async (request) => {
    const { id } = request.params;
    await trainingOr404(app.db, request, id);
    // spec 2 §4.6: at least one class (module) or test
    if ((await countActiveModulesAndTests(app.db, id)) === 0) {
      throw new HttpError(400, 'to_publish_the_training_it_must_have_at_least_one_class_or_test', 'The training has no class or test');
    }
    if (!(await setTrainingStatus(app.db, clientOf(request), id, CONTENT_STATUS.published))) throw notFound();
    return trainingAnswer(app, request, id);
  });

  app.post(path('unpublish'), { config: { access: guard.write }, schema: { params, response: answer } }, async (request) => {
    const { id } = request.params;
    await trainingOr404(app.db, request, id);
    if (!(await setTrainingStatus(app.db, clientOf(request), id, CONTENT_STATUS.unpublished))) throw notFound();
    return trainingAnswer(app, request, id);
  });

  app.post(path('change_is_open'), { config: { access: guard.write }, schema: { params, body: ChangeIsOpenForm, response: answer } }, async (request) => {
    const { id } = request.params;
    const isOpen = formBool(request.body.is_open);
    if (isOpen === null) throw new HttpError(400, 'validation_error', 'is_open must be true or false', { is_open: 'validation_error' });
    const row = await trainingOr404(app.db, request, id);
    const wasOpen = row.is_open;
    // spec 2 §4.6: once a training is closed and has done activities, it cannot be reopened
    if (isOpen && !wasOpen && (await hasDoneActivities(app.db, id))) {
      throw new HttpError(409, 'training_cannot_be_reopened', 'A closed training with done activities cannot be reopened');
    }
    if (isOpen !== wasOpen) await setTrainingOpen(app.db, clientOf(request), id, isOpen);
    // spec 2 §4.6: closing grants certificates to those who already completed everything — in the
    // background, so a training with thousands of learners does not hold the request
    if (wasOpen && !isOpen) {
      try {
        await queueCertifyClosed(app, clientOf(request), id);
      } catch (error) {
        await setTrainingOpen(app.db, clientOf(request), id, true);
        throw error;
      }
    }
    return trainingAnswer(app, request, id);
  });

  // spec 2 §7.1: a GET that copies; the copy is unpublished
  app.get(path('duplicate'), { config: { access: guard.write }, schema: { params, response: { 200: TrainingDuplicated } } }, async (request) => {
    const { user } = authOf(request);
    const source = await trainingOr404(app.db, request, request.params.id);
    const title = copyTitle(source.title, translate(user.language_id, 'trainings.copy_suffix'));
    const newId = await app.db.transaction().execute((trx) => duplicateTraining(trx, clientOf(request), source.id, user.id, title));
    if (newId === null) throw notFound();
    return { group_training_duplicated_id: newId };
  });
};
export default actions;
