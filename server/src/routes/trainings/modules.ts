import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  MODULE_PATHS, ModuleListQuery, TrainingModule, TrainingModuleForm, UPLOAD_KINDS, type ErrorCode,
  NoContent,
} from '@lp/shared/contract';
import {
  MODULE_DEFAULT_STATUS, formErrorCode, hasPermission, moduleFileLocked, moduleFileRule, moduleTypeLocked, parseFormInteger,
  validateModuleForm, type ModuleTypeInfo,
} from '@lp/shared/rules';
import type { GroupTrainingModuleRow } from '../../db/tables/training.table.ts';
import { sanitiseEmbed } from '../../lib/embed.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { UploadRefused, archiveLimits, validateUpload, type UploadKind } from '../../lib/uploadValidation.ts';
import { mediaKey } from '../../storage/index.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import {
  findMediaObject, findModule, insertModule, moduleListQuery, moduleTypes, softDeleteModule, toModule, updateModule,
} from '../../repositories/trainingModules.ts';
import { TRAININGS_MANAGE, trainingAccess, trainingOr404 } from './common.ts';
import moduleImport from './moduleImport.ts';
import { commitUpload, prepareUpload, savingUpload, type PreparedUpload } from './uploadedFile.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['title'],
  sortable: {
    id: 'id', title: 'title', status: 'status', avaliable_in: 'avaliable_in', module_score: 'module_score',
    group_training_module_type: 'module_type_id', created_at: 'created_at',
  },
  defaultOrdering: 'id',
  filters: { status: 'status', group_training_module_type: 'module_type_id' },
};

const ModuleParams = Type.Object({ id: Type.Integer({ minimum: 1 }), moduleId: Type.Integer({ minimum: 1 }) });

const invalid = (code: ErrorCode, fields: Record<string, ErrorCode>, status = 400) =>
  new HttpError(status, code, 'The module is not valid', fields);

/** What a save stores (besides the claimed upload). */
interface ModuleValues {
  title: string;
  module_type_id: number;
  status: number;
  avaliable_in: string | null;
  module_score: number;
  resource: string;
  resource_name: string | null;
  resource_size: number | null;
}

/**
 * spec 2 §7.1 modules of a training (list, read, create, update, delete) with the §5.2 rules and
 * the §4.2 locks; files arrive as tus uploads referred to by id (DESIGN "Files and media").
 */
const modules: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const collection = MODULE_PATHS.collection(':id');
  const item = MODULE_PATHS.item(':id', ':moduleId');

  app.tus.defineKind(UPLOAD_KINDS.trainingModule, {
    // the largest a module file may be; PowerPoint's 10 MB is checked once the type is known
    maxBytes: moduleFileRule('file')!.maxBytes,
    allowed: (auth) => hasPermission(auth.subject, TRAININGS_MANAGE),
  });

  const folder = (trainingId: number) => `trainings/${trainingId}/modules`;

  /**
   * The checked values of a create (current = null) or update, and the upload to claim. Refusals
   * answer with the spec key on the field; nothing is stored before the transaction.
   */
  async function resolve(request: FastifyRequest, trainingId: number, body: TrainingModuleForm, current: GroupTrainingModuleRow | null) {
    const types = await moduleTypes(app.db);
    const typeId = parseFormInteger(body.group_training_module_type);
    const type = types.find((t) => t.id === typeId);
    const currentType = current ? types.find((t) => t.id === current.module_type_id) : undefined;
    const fields = validateModuleForm(body, type);
    const code = formErrorCode(fields);
    if (code) throw invalid(code, fields);
    const chosen = type!;

    const lock = {
      slug: currentType?.slug ?? null, qty_views: current?.qty_views ?? 0, qty_progress: current?.qty_progress ?? 0, exists: current !== null,
    };
    const resourceText = String(body.resource ?? '').trim();
    const unchanged = current !== null && resourceText === current.resource;
    // a save that changes what the locks protect must find the counters as they were read
    const touchesLocks = current !== null && (chosen.id !== current.module_type_id || !unchanged);
    // spec 2 §4.2 locks
    if (current && chosen.id !== current.module_type_id && moduleTypeLocked(lock)) {
      throw invalid('module_type_locked', { group_training_module_type: 'module_type_locked' }, 409);
    }
    if (current && !unchanged && moduleFileLocked(lock)) {
      throw invalid('module_file_locked', { resource: 'module_file_locked' }, 409);
    }

    const values: ModuleValues = {
      title: String(body.title).trim(),
      module_type_id: chosen.id,
      status: parseFormInteger(body.status) ?? current?.status ?? MODULE_DEFAULT_STATUS,
      avaliable_in: body.avaliable_in?.trim() || null,
      module_score: parseFormInteger(body.module_score) ?? 0,
      resource: current?.resource ?? '',
      resource_name: current?.resource_name ?? null,
      resource_size: current?.resource_size === null || current?.resource_size === undefined ? null : Number(current.resource_size),
    };

    if (chosen.use_embed) {
      const embed = sanitiseEmbed(chosen.slug, resourceText);
      if (!embed) throw invalid('invalid_embed', { resource: 'invalid_embed' });
      return { values: { ...values, resource: embed, resource_name: null, resource_size: null }, prepared: null, touchesLocks };
    }
    // a type with neither an embed nor a file rule takes nothing
    if (!moduleFileRule(chosen.slug)) throw invalid('invalid_file_type', { resource: 'invalid_file_type' });
    if (unchanged) {
      if (chosen.id !== current.module_type_id) await checkKeptFile(request, current, currentType, chosen);
      return { values, prepared: null, touchesLocks };
    }
    const prepared = await prepareUpload(app, request, resourceText, UPLOAD_KINDS.trainingModule, chosen.slug as UploadKind, folder(trainingId));
    return {
      values: { ...values, resource: prepared.media.resource, resource_name: prepared.media.name, resource_size: prepared.media.size },
      prepared,
      touchesLocks,
    };
  }

  /** A new type keeping the current file: the stored file must be one of the new type (packages stay what they are). */
  async function checkKeptFile(request: FastifyRequest, current: GroupTrainingModuleRow, from: ModuleTypeInfo | undefined, to: ModuleTypeInfo) {
    const refused = () => invalid('invalid_file_type', { resource: 'invalid_file_type' });
    if (!current.resource || from?.use_embed) throw refused();
    const stored = await findMediaObject(app.db, clientOf(request), current.resource);
    if (!stored || stored.kind !== 'file' || moduleFileRule(to.slug)?.package) throw refused();
    try {
      const kept = await app.storage.readWith(mediaKey(stored.source), (file) => validateUpload(to.slug as UploadKind, file, stored.file_name, archiveLimits(app.config)));
      if (kept === null) throw refused();
    } catch (error) {
      if (error instanceof UploadRefused) throw invalid(error.code, { resource: error.code }, error.statusCode);
      throw error;
    }
  }

  async function answer(request: FastifyRequest, trainingId: number, id: number) {
    const row = await findModule(app.db, trainingId, id);
    if (!row) throw notFound();
    const types = await moduleTypes(app.db);
    return toModule(row, types.find((t) => t.id === row.module_type_id), app.mediaUrls(request));
  }

  app.get(collection, { config: { access: guard.read }, schema: { params: IdParams, querystring: ModuleListQuery, response: listResponse(TrainingModule) } }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(moduleListQuery(app.db, training.id), list, LIST_SPEC);
    const types = await moduleTypes(app.db);
    const urls = app.mediaUrls(request);
    const results = rows.map((r) => toModule(r, types.find((t) => t.id === r.module_type_id), urls));
    return sendList(reply, 'group_training_modules', list, results, total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: ModuleParams, response: { 200: TrainingModule } } }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    return answer(request, training.id, request.params.moduleId);
  });

  app.post(collection, {
    config: { access: guard.write }, schema: { params: IdParams, body: TrainingModuleForm, response: { 201: TrainingModule } },
  }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const { values, prepared } = await resolve(request, training.id, request.body, null);
    const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const moduleId = await insertModule(trx, { group_training_id: training.id, ...values, created_at: now, updated_at: now });
      if (prepared) await commitUpload(trx, app, request, prepared);
      return moduleId;
    }));
    return reply.status(201).send(await answer(request, training.id, id));
  });

  app.put(item, {
    config: { access: guard.write }, schema: { params: ModuleParams, body: TrainingModuleForm, response: { 200: TrainingModule } },
  }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const current = await findModule(app.db, training.id, request.params.moduleId);
    if (!current) throw notFound();
    const { values, prepared, touchesLocks }: { values: ModuleValues; prepared: PreparedUpload | null; touchesLocks: boolean } =
      await resolve(request, training.id, request.body, current);
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      // the counters decide the locks (spec 2 §4.2): a class that started meanwhile keeps its file
      const saved = await updateModule(trx, training.id, current.id, values, touchesLocks ? current : null);
      if (!saved) {
        if (touchesLocks && (await findModule(trx, training.id, current.id))) {
          throw invalid('module_file_locked', { resource: 'module_file_locked' }, 409);
        }
        throw notFound();
      }
      if (prepared) await commitUpload(trx, app, request, prepared);
    }));
    return answer(request, training.id, current.id);
  });

  /*
   * Soft delete (spec 2 §4.2 status 3): the module leaves every list. The hierarchy follows by
   * itself: its readers reconcile the stored order with the live items (repositories/
   * trainingHierarchy.ts), appending new modules and passing a deleted one's prerequisite on.
   * Learner counters and the stored file stay (duplicates share files).
   */
  app.delete(item, { config: { access: guard.write }, schema: { params: ModuleParams, response: { 204: NoContent } } }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    if (!(await softDeleteModule(app.db, training.id, request.params.moduleId))) throw notFound();
    return reply.status(204).send();
  });

  await app.register(moduleImport);
};
export default modules;
