import type { FastifyInstance } from 'fastify';
import type { ImportRow } from '../db/tables/import.table.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobContext } from '../jobs/types.ts';
import { translate } from '../lib/i18n.ts';
import { sendFirstAccessMail } from '../lib/passwordRecovery.ts';
import { usersAwaitingFirstAccess } from '../repositories/passwordResets.ts';
import { failOnJob, runProcessing, runValidation, type PassDeps, type PassOutcome } from './engine.ts';
import { importLink, notifyPassFinished } from './finished.ts';
import { runPassInWorker } from './passWorker.ts';
import type { ImportPass } from './workerProtocol.ts';

export const VALIDATE_JOB = 'import_validate';
export const PROCESS_JOB = 'import_process';
export const validateKey = (id: number) => `import:${id}:validate`;
export const processKey = (id: number) => `import:${id}:process`;

export interface ImportJobPayload {
  importId: number;
}

export { importLink };

/** The e-mail at the end of processing, in the creator's language, with the link to the import. */
async function mailCreator(app: FastifyInstance, row: ImportRow): Promise<void> {
  const creator = await app.db.selectFrom('users').select(['email', 'full_name', 'language_id']).where('id', '=', row.created_by).executeTakeFirst();
  if (!creator) return;
  const lang = creator.language_id ?? row.language_id;
  const ok = row.status === 'finalized';
  const vars = {
    name: creator.full_name, id: String(row.id), file_name: row.file_name,
    import_type: translate(lang, `imports.types.${row.import_type}`),
    created: translate(lang, 'imports.counts.created', { count: row.created_count }),
    updated: translate(lang, 'imports.counts.updated', { count: row.updated_count }),
    errors: translate(lang, 'imports.counts.errors', { count: row.error_count }),
    link: `${app.config.publicUrl}${importLink(row)}`,
  };
  await app.mailer.send({
    to: creator.email,
    subject: translate(lang, ok ? 'mail.import_finished.subject' : 'mail.import_failed.subject', vars),
    text: translate(lang, ok ? 'mail.import_finished.body' : 'mail.import_failed.body', vars),
  });
}

/**
 * spec 1 §2.1 set-password: with USER_IMPORT_PASSWORD=link (the default) the users an import
 * created choose their own password through a first-access link instead of a shared default one.
 */
async function sendFirstAccessLinks(app: FastifyInstance, row: ImportRow): Promise<void> {
  if (row.import_type !== 'users' || app.config.userImportPassword !== 'link') return;
  for (const user of await usersAwaitingFirstAccess(app.db, row.client_id, new Date(row.created_at))) {
    await sendFirstAccessMail(app, user);
  }
}

/** The validate and process jobs (DESIGN "Jobs and mail"): the engine does the work, this wires the endings. */
export function defineImportJobs(app: FastifyInstance): void {
  const deps = (ctx: JobContext): PassDeps => ({
    db: app.db,
    config: app.config,
    log: ctx.log,
    heartbeat: ctx.heartbeat,
    onFinished: notifyPassFinished,
  });

  const inline = { validate: runValidation, process: runProcessing };
  const work = async (pass: ImportPass, d: PassDeps, importId: number): Promise<PassOutcome> => {
    if (app.config.importWorker === 'inline') return inline[pass](d, importId);
    // the worker writes users, their clients and module items over its own connection: caches of
    // them (the session cache, docs/security.md) hear it at each heartbeat and at the end
    const touched = () => app.dbWrites.wrote(['users', 'user_clients', 'user_module_items']);
    const heartbeat = async () => {
      touched();
      await d.heartbeat();
    };
    const run = await runPassInWorker(pass, importId, {
      settings: app.config, heartbeat, log: d.log, heapMb: app.config.importWorkerHeapMb,
    }).finally(touched);
    d.log.info({ importId, pass, maxRssMb: Math.round(run.maxRssMb), cpuMs: Math.round(run.cpuMs) }, 'import pass finished in its worker');
    return run.outcome;
  };

  const run = (pass: ImportPass) =>
    async (payload: ImportJobPayload, ctx: JobContext) => {
      const d = deps(ctx);
      let outcome: PassOutcome;
      try {
        outcome = await work(pass, d, payload.importId);
      } catch (error) {
        // a failure of the infrastructure: retried (the pass resumes); on the last attempt the
        // import ends with errors rather than staying "processing" for ever
        if (ctx.attempt < DEFAULT_MAX_ATTEMPTS) throw error;
        ctx.log.error({ err: error, importId: payload.importId }, 'import job failed for good');
        outcome = await failOnJob(d, payload.importId);
      }
      if (pass === 'process' && outcome.kind === 'finished') {
        await sendFirstAccessLinks(app, outcome.row);
        await mailCreator(app, outcome.row);
      }
    };

  app.jobs.define<ImportJobPayload>(VALIDATE_JOB, run('validate'));
  app.jobs.define<ImportJobPayload>(PROCESS_JOB, run('process'));
}
