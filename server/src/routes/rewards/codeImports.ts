import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, FileAnswer, IMPORT_LOG_TYPES, IMPORT_MAX_BYTES, ImportLog, ImportRecord, ListQuery, REWARD_CODES_UPLOAD_KIND, REWARD_PATHS,
  RewardCodesImportCreate, XLSX_MIME, canProcessImport,
} from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { PROCESS_JOB, processKey } from '../../imports/jobs.ts';
import { loadLookups } from '../../imports/lookups.ts';
import { templateFileName, writeTemplate } from '../../imports/template.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { Id, IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findImport, importLogListQuery, startImportProcessing, toImportLog, toImportRecord, type ImportWithCreator } from '../../repositories/imports.ts';
import { findReward } from '../../repositories/rewards/catalog.ts';
import { attachment, startImport } from '../imports/index.ts';
import { ACCESS } from './common.ts';

const P = REWARD_PATHS;
const TYPE = 'reward_codes';
const ImportParams = Type.Object({ id: Id(), importId: Id() });
const LogListQuery = Type.Composite([ListQuery, Type.Object({ log_type: Type.Optional(Type.Union(IMPORT_LOG_TYPES.map((t) => Type.Literal(t)))) })]);
const logListSpec: ListSpec = {
  searchColumns: [],
  sortable: { id: 'import_logs.id', line: 'import_logs.line', log_type: 'import_logs.log_type' },
  defaultOrdering: 'id',
  filters: { log_type: 'import_logs.log_type' },
};
const rewardNotFound = () => new HttpError(404, 'reward_not_found', 'Reward not found');

/**
 * A catalog reward's redeem codes from xlsx (spec 3 §3 "redeem codes importable from xlsx"; issue
 * 18 item 7) through the import engine (server/src/imports: template, validate → process, per-row
 * log in the reader's language), the reward as the import's target (imports/rewardCodes.ts).
 * Opened from the reward's screen: the catalog's key (spec 1 §6.2 `reward`).
 */
const codeImports: FastifyPluginAsyncTypebox = async (app) => {
  app.tus.defineKind(REWARD_CODES_UPLOAD_KIND, {
    maxBytes: IMPORT_MAX_BYTES,
    extensions: ['.xlsx'],
    allowed: (auth) => canOpenAdminTitle(auth.subject, ADMIN_RESOURCES.reward_catalog.title) === 'allow',
  });

  const rewardOr404 = async (request: FastifyRequest, id: number) => {
    const reward = await findReward(app.db, clientOf(request), id);
    if (!reward) throw rewardNotFound();
    return reward;
  };
  /** The reward's own codes import (never another reward's, another client's or another type), or 404. */
  const importOf = async (request: FastifyRequest, params: { id: number; importId: number }): Promise<ImportWithCreator> => {
    const reward = await rewardOr404(request, params.id);
    const row = await findImport(app.db, clientOf(request), params.importId);
    if (!row || row.target_id !== reward.id || row.import_type !== TYPE) throw notFound();
    return row;
  };

  app.get(P.codesTemplate(':id'), { config: { access: ACCESS.catalog }, schema: { params: IdParams, response: { 200: FileAnswer } } }, async (request, reply) => {
    await rewardOr404(request, request.params.id);
    const languageId = authOf(request).user.language_id;
    const lookups = await loadLookups(app.db, clientOf(request));
    const body = new PassThrough();
    writeTemplate(body, TYPE, lookups, languageId).catch((error: unknown) => {
      request.log.error({ err: error }, 'import template failed');
      body.destroy(error as Error);
    });
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', attachment(templateFileName(languageId, TYPE)))
      .header('Cache-Control', 'no-store').send(body);
  });

  app.post(P.codesImports(':id'), {
    config: { access: ACCESS.catalog }, schema: { params: IdParams, body: RewardCodesImportCreate, response: { 201: ImportRecord } },
  }, async (request, reply) => {
    const reward = await rewardOr404(request, request.params.id);
    return reply.status(201).send(await startImport(app, {
      clientId: clientOf(request), user: authOf(request).user, uploadId: request.body.upload_id, uploadKind: REWARD_CODES_UPLOAD_KIND, type: TYPE, targetId: reward.id,
    }));
  });

  app.get(P.codesImport(':id', ':importId'), { config: { access: ACCESS.catalog }, schema: { params: ImportParams, response: { 200: ImportRecord } } },
    async (request) => toImportRecord(await importOf(request, request.params)));

  app.post(P.codesImportProcess(':id', ':importId'), { config: { access: ACCESS.catalog }, schema: { params: ImportParams, response: { 202: ImportRecord } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const row = await importOf(request, request.params);
    if (!canProcessImport(row.status) || !(await startImportProcessing(app.db, clientId, row.id))) {
      throw new HttpError(409, 'invalid_status_transition', 'This import can only be processed once it has been validated');
    }
    await app.jobs.enqueue(PROCESS_JOB, { importId: row.id }, { dedupeKey: processKey(row.id) });
    return reply.status(202).send(toImportRecord((await findImport(app.db, clientId, row.id))!));
  });

  app.get(P.codesImportLogs(':id', ':importId'), {
    config: { access: ACCESS.catalog }, schema: { params: ImportParams, querystring: LogListQuery, response: listResponse(ImportLog) },
  }, async (request, reply) => {
    const row = await importOf(request, request.params);
    const { log_type: logType, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, logListSpec);
    if (logType) list.filters.push({ column: 'import_logs.log_type', values: [logType] });
    const { rows, total } = await runList(importLogListQuery(app.db, row.id), list, logListSpec);
    return sendList(reply, 'admin-import-logs', list, rows.map((r) => toImportLog(r, row.import_type, authOf(request).user.language_id)), total);
  });
};
export default codeImports;
