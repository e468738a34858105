import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  LEARNER_PATHS, LearnerTraining, ModuleProgressAnswer, ModuleProgressBody, ScormCommit, ScormState, type LearnerStatus,
} from '@lp/shared/contract';
import {
  SCORM_CMI_MAX_BYTES, completionRuleOf, learnerStatusOf, moduleKindOf, scormOutcome, type ModuleReport, type ModuleReportRefusal,
} from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import { HttpError } from '../../../lib/httpError.ts';
import type { LearnerContext } from '../../../repositories/learner/context.ts';
import { learnerActivities, learnerTrainingDetail, scormVersionOf } from '../../../repositories/learner/detail.ts';
import { wipeTrainingProgress } from '../../../repositories/learner/enrollments.ts';
import {
  ensureEnrollment, findEnrollment, findModuleProgress, latestCertificates, recordModuleReport, storedMediaDuration,
} from '../../../repositories/learner/progress.ts';
import { ModuleParams, contextOf, learnerTrainingOr404, lockedError, openModule } from './common.ts';
import { IdParams } from '../../../lib/params.ts';

/** The training's status for the learner after a change (the followers of progressChanged have run). */
async function trainingStatus(db: Db, ctx: LearnerContext, trainingId: number): Promise<LearnerStatus> {
  const [enrollment, certificates] = await Promise.all([
    findEnrollment(db, ctx.userId, trainingId),
    latestCertificates(db, ctx.clientId, ctx.userId, 'training', [trainingId]),
  ]);
  return learnerStatusOf(enrollment?.status, certificates.get(trainingId)?.status);
}

/**
 * Issue 5 item 2 and issue 24 item 3: the events the players report, judged by the completion
 * rules of each module kind on the server's clock (shared learning/completion.ts), SCORM runtime
 * data (kept per learner, resumed, its completion read from the CMI), and spec 2 §2.1 "restart the
 * training". Every write refuses a locked activity (403 with the lock's code); opening a module
 * makes the enrollment; every report goes through app.learning in the same transaction.
 */
const progress: FastifyPluginAsyncTypebox = async (app) => {
  /** The training and one of its modules the learner may open now (404 / 403 otherwise). */
  async function openModuleOf(db: Db, ctx: LearnerContext, trainingId: number, moduleId: number) {
    await learnerTrainingOr404(db, ctx, trainingId);
    const enrollment = await findEnrollment(db, ctx.userId, trainingId);
    const activities = await learnerActivities(db, ctx, trainingId, enrollment?.status === 'blocked');
    return openModule(activities, moduleId).module;
  }

  /** A refusal of the completion rules, as the API answers it (spec error keys; docs/api.md). */
  const refused = (code: ModuleReportRefusal) => (code === 'module_not_opened'
    ? new HttpError(409, code, 'Open the module before reporting progress on it')
    : new HttpError(422, code, 'This progress does not match how the module was played'));

  app.post(LEARNER_PATHS.moduleProgress(':id', ':moduleId'), {
    config: { access: 'authenticated' },
    schema: { params: ModuleParams, body: ModuleProgressBody, response: { 200: ModuleProgressAnswer } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, moduleId } = request.params;
    const report: ModuleReport = request.body;
    return app.db.transaction().execute(async (trx) => {
      const module = await openModuleOf(trx, ctx, id, moduleId);
      const kind = moduleKindOf(module.slug);
      // a stored medium's share is counted on its own duration (read from the file once, then kept)
      const knownDuration = report.event === 'played' && completionRuleOf(kind) === 'watched'
        ? await storedMediaDuration(trx, app.storage, ctx.clientId, module.row.resource) : null;
      // a refusal below rolls this back with the rest: only an accepted report enrolls
      await ensureEnrollment(trx, ctx.userId, id);
      const outcome = await recordModuleReport(trx, { userId: ctx.userId, trainingId: id, moduleId }, kind, report, { knownDuration });
      if (!outcome.ok) throw refused(outcome.code);
      await app.learning.progressChanged({ db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: id, cause: 'module' });
      return {
        status: outcome.row.status,
        percent: outcome.row.percent,
        position_seconds: Number(outcome.row.position_seconds),
        training_status: await trainingStatus(trx, ctx, id),
      };
    });
  });

  const scormPath = LEARNER_PATHS.scorm(':id', ':moduleId');

  /**
   * The SCORM module's package: its version and the learner's launch URL — on the content
   * origin, signed for this learner, training and module, so the runtime served into its pages
   * starts from their CMI (docs/security.md "SCORM").
   */
  function scormPackage(request: FastifyRequest, ctx: LearnerContext, trainingId: number, module: Awaited<ReturnType<typeof openModuleOf>>) {
    if (moduleKindOf(module.slug) !== 'scorm' || !module.row.resource) throw new HttpError(404, 'not_found', 'This module is not a SCORM package');
    const version = scormVersionOf(module.scormVersion) ?? '1.2';
    const launch_url = app.scormLaunchUrl(request, module.row.resource, { u: ctx.userId, t: trainingId, m: module.row.id, v: version });
    return { version, launch_url } as const;
  }

  app.get(scormPath, { config: { access: 'authenticated' }, schema: { params: ModuleParams, response: { 200: ScormState } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, moduleId } = request.params;
    const module = await openModuleOf(app.db, ctx, id, moduleId);
    const pkg = scormPackage(request, ctx, id, module);
    const stored = await findModuleProgress(app.db, ctx.userId, moduleId);
    return { ...pkg, cmi: stored?.cmi ?? {} };
  });

  app.put(scormPath, { config: { access: 'authenticated' }, schema: { params: ModuleParams, body: ScormCommit, response: { 200: ScormState } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, moduleId } = request.params;
    const cmi = JSON.stringify(request.body.cmi);
    if (Buffer.byteLength(cmi) > SCORM_CMI_MAX_BYTES) {
      throw new HttpError(413, 'scorm_data_too_large', `The SCORM data may not exceed ${SCORM_CMI_MAX_BYTES / 1024} KB`);
    }
    return app.db.transaction().execute(async (trx) => {
      const module = await openModuleOf(trx, ctx, id, moduleId);
      const pkg = scormPackage(request, ctx, id, module);
      const outcome = scormOutcome(pkg.version, request.body.cmi);
      await ensureEnrollment(trx, ctx.userId, id);
      // the portal reports the package opened when its runtime starts: a commit before that is refused
      const recorded = await recordModuleReport(trx, { userId: ctx.userId, trainingId: id, moduleId }, 'scorm',
        { event: 'cmi', finished: outcome.finished, percent: outcome.percent }, { cmi });
      if (!recorded.ok) throw refused(recorded.code);
      await app.learning.progressChanged({ db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: id, cause: 'module' });
      return { ...pkg, cmi: request.body.cmi };
    });
  });

  app.post(LEARNER_PATHS.restart(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerTraining } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    return app.db.transaction().execute(async (trx) => {
      const row = await learnerTrainingOr404(trx, ctx, id);
      const enrollment = await findEnrollment(trx, ctx.userId, id);
      // a blocked learner stays blocked (spec 2 §4.8): restarting is not a way out
      if (enrollment?.status === 'blocked') throw lockedError('blocked');
      if (enrollment) {
        // the same wipe as a restart-type test's (spec 2 §4.8): progress and evaluation answers go,
        // attempts stay as 'restarted' for the admin's counts, certificates stay (§4.9 renew by retaking)
        await wipeTrainingProgress(trx, ctx.userId, id, new Date());
        await app.learning.progressChanged({ db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: id, cause: 'restart' });
      }
      return learnerTrainingDetail(trx, ctx, row, app.mediaUrls(request));
    });
  });
};
export default progress;
