import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from '@lp/shared';
import type { Db } from '../db/database.ts';
import type { ImportRow } from '../db/tables/import.table.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobContext } from '../jobs/types.ts';
import { translate } from '../lib/i18n.ts';
import { notify } from '../repositories/notifications.ts';
import { failOnJob, runProcessing, runValidation, type PassDeps, type PassOutcome } from './engine.ts';

export const VALIDATE_JOB = 'import_validate';
export const PROCESS_JOB = 'import_process';
export const validateKey = (id: number) => `import:${id}:validate`;
export const processKey = (id: number) => `import:${id}:process`;

export interface ImportJobPayload {
  importId: number;
}

/** Where the admin shows the import (spec 1 §2.3 admin-import/{id}). */
export const importLink = (id: number) => `/admin/admin-imports/${id}/show`;

function payloadOf(row: ImportRow) {
  return {
    id: row.id, import_type: row.import_type, file_name: row.file_name,
    created_count: row.created_count, updated_count: row.updated_count, error_count: row.error_count,
    link: importLink(row.id),
  };
}

/** spec 1 §4.3: the user is told when validation ends, and when processing ends (with an e-mail). */
function notificationOf(row: ImportRow): NotificationKind {
  if (row.status === 'validated') return 'import_validated';
  if (row.status === 'finalized') return 'import_finished';
  return 'import_failed';
}

/** The e-mail at the end of processing, in the creator's language, with the link to the import. */
async function mailCreator(app: FastifyInstance, row: ImportRow): Promise<void> {
  const creator = await app.db.selectFrom('users').select(['email', 'full_name', 'language_id']).where('id', '=', row.created_by).executeTakeFirst();
  if (!creator) return;
  const lang = creator.language_id ?? row.language_id;
  const ok = row.status === 'finalized';
  const vars = {
    name: creator.full_name, id: String(row.id), file_name: row.file_name,
    import_type: translate(lang, `imports.types.${row.import_type}`),
    created_count: String(row.created_count), updated_count: String(row.updated_count), error_count: String(row.error_count),
    link: `${app.config.publicUrl}${importLink(row.id)}`,
  };
  await app.mailer.send({
    to: creator.email,
    subject: translate(lang, ok ? 'mail.import_finished.subject' : 'mail.import_failed.subject', vars),
    text: translate(lang, ok ? 'mail.import_finished.body' : 'mail.import_failed.body', vars),
  });
}

/** The validate and process jobs (DESIGN "Jobs and mail"): the engine does the work, this wires the endings. */
export function defineImportJobs(app: FastifyInstance): void {
  const deps = (ctx: JobContext): PassDeps => ({
    db: app.db,
    config: app.config,
    log: ctx.log,
    heartbeat: ctx.heartbeat,
    async onFinished(trx: Db, row: ImportRow) {
      await notify(trx, { userId: row.created_by, clientId: row.client_id, kind: notificationOf(row), payload: payloadOf(row) });
    },
  });

  const run = (pass: 'validate' | 'process', work: (d: PassDeps, id: number) => Promise<PassOutcome>) =>
    async (payload: ImportJobPayload, ctx: JobContext) => {
      const d = deps(ctx);
      let outcome: PassOutcome;
      try {
        outcome = await work(d, payload.importId);
      } catch (error) {
        // a failure of the infrastructure: retried (the pass resumes); on the last attempt the
        // import ends with errors rather than staying "processing" for ever
        if (ctx.attempt < DEFAULT_MAX_ATTEMPTS) throw error;
        ctx.log.error({ err: error, importId: payload.importId }, 'import job failed for good');
        outcome = await failOnJob(d, payload.importId);
      }
      if (pass === 'process' && outcome.kind === 'finished') await mailCreator(app, outcome.row);
    };

  app.jobs.define<ImportJobPayload>(VALIDATE_JOB, run('validate', runValidation));
  app.jobs.define<ImportJobPayload>(PROCESS_JOB, run('process', runProcessing));
}
