import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, FileAnswer, IMPORT_MAX_BYTES, ImportLog, ImportRecord, REWARD_CODES_UPLOAD_KIND, REWARD_PATHS, RewardCodesImportCreate,
} from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { loadLookups } from '../../imports/lookups.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse } from '../../lib/list.ts';
import { Id, IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findImport, toImportRecord, type ImportWithCreator } from '../../repositories/imports.ts';
import { findReward } from '../../repositories/rewards/catalog.ts';
import { ImportLogListQuery, processImport, sendImportLogs, sendImportTemplate, startImport } from '../imports/index.ts';
import { ACCESS } from './common.ts';

const P = REWARD_PATHS;
const TYPE = 'reward_codes';
const ImportParams = Type.Object({ id: Id(), importId: Id() });
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
    const lookups = await loadLookups(app.db, clientOf(request));
    return sendImportTemplate(request, reply, TYPE, lookups);
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
    return reply.status(202).send(await processImport(app, clientId, row));
  });

  app.get(P.codesImportLogs(':id', ':importId'), {
    config: { access: ACCESS.catalog }, schema: { params: ImportParams, querystring: ImportLogListQuery, response: listResponse(ImportLog) },
  }, async (request, reply) => {
    const row = await importOf(request, request.params);
    return sendImportLogs(app, request, reply, row, request.query);
  });
};
export default codeImports;
