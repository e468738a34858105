import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CONTENT_STATUS, MATERIAL_DEFAULT_STATUS, MATERIAL_PATHS, ListQuery, TrainingMaterial, TrainingMaterialForm, UPLOAD_KINDS,
  UPLOAD_LIMITS, formErrorCode, hasPermission, parseFormInteger, validateMaterialForm,
} from '@lp/shared';
import type { Db } from '../../../db/database.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import type { AuthContext } from '../../../plugins/app/auth.ts';
import {
  GROUP_TRAINING_MATERIAL_STORE, findMaterial, materialListQuery, toMaterial, type MaterialStore,
} from '../../../repositories/trainingModules.ts';
import { TRAININGS_MANAGE, trainingGuards, trainingOr404 } from './common.ts';
import { commitUpload, prepareUpload, savingUpload } from './uploadedFile.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['title'],
  sortable: { id: 'id', title: 'title', extension: 'extension', size: 'size', status: 'status', created_at: 'created_at' },
  defaultOrdering: 'id',
  filters: { status: 'status' },
};

const ParentParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const MaterialParams = Type.Object({ id: Type.Integer({ minimum: 1 }), materialId: Type.Integer({ minimum: 1 }) });

/** One owner of support materials: the group training (spec 2 §7.1) or the webcast (§7.3). */
export interface MaterialRoutesOptions {
  collection(id: string): string;
  item(id: string, materialId: string): string;
  store: MaterialStore;
  /** tus kind of the uploads, and who may upload */
  uploadKind: string;
  canUpload(auth: AuthContext): boolean;
  /** media store folder of the owner's files */
  folder(parentId: number): string;
  /** resource name in the simple list envelope */
  listResource: string;
  guards(app: FastifyInstance): { read: preValidationHookHandler; write: preValidationHookHandler[] };
  parentOr404(db: Db, request: FastifyRequest, id: number): Promise<{ id: number }>;
}

/**
 * Support materials (spec 2 §3.6) of one owner: list, read, create, update, delete. Any
 * extension up to 150 MB (§5.2 "general file"); title and file required (§5.7); new ones
 * published (§4.3). Multipart forms: title, status, resource (a tus upload id).
 */
export function materialRoutes(options: MaterialRoutesOptions): FastifyPluginAsyncTypebox {
  const { store } = options;
  const table = store.table as 'group_training_materials';
  const parentColumn = store.parentColumn as 'group_training_id';
  return async (app) => {
    const guard = options.guards(app);
    const collection = options.collection(':id');
    const item = options.item(':id', ':materialId');

    app.tus.defineKind(options.uploadKind, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, allowed: options.canUpload });

    function checked(body: TrainingMaterialForm) {
      const fields = validateMaterialForm(body);
      const code = formErrorCode(fields);
      if (code) throw new HttpError(400, code, 'The support material is not valid', fields);
      return { title: String(body.title).trim(), status: parseFormInteger(body.status), resource: String(body.resource).trim() };
    }

    async function answer(request: FastifyRequest, parentId: number, id: number) {
      const row = await findMaterial(app.db, parentId, id, store);
      if (!row) throw notFound();
      return toMaterial(row, app.mediaUrls(request));
    }

    app.get(collection, { preValidation: guard.read, schema: { params: ParentParams, querystring: ListQuery } }, async (request, reply) => {
      const training = await options.parentOr404(app.db, request, request.params.id);
      const list = parseListQuery(request.query, LIST_SPEC);
      const { rows, total } = await runList(materialListQuery(app.db, training.id, store), list, LIST_SPEC);
      return sendList(reply, options.listResource, list, rows.map((r) => toMaterial(r, app.mediaUrls(request))), total);
    });

    app.get(item, { preValidation: guard.read, schema: { params: MaterialParams, response: { 200: TrainingMaterial } } }, async (request) => {
      const training = await options.parentOr404(app.db, request, request.params.id);
      return answer(request, training.id, request.params.materialId);
    });

    app.post(collection, {
      preValidation: guard.write, schema: { params: ParentParams, body: TrainingMaterialForm, response: { 201: TrainingMaterial } },
    }, async (request, reply) => {
      const training = await options.parentOr404(app.db, request, request.params.id);
      const values = checked(request.body);
      const prepared = await prepareUpload(app, request, values.resource, options.uploadKind, 'file', options.folder(training.id));
      const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
        const now = new Date();
        const row = await trx.insertInto(table).values({
          [parentColumn]: training.id, title: values.title, status: values.status ?? MATERIAL_DEFAULT_STATUS,
          resource: prepared.media.resource, resource_name: prepared.media.name, extension: prepared.media.extension,
          size: prepared.media.size, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        await commitUpload(trx, app, request, prepared);
        return row.id;
      }));
      return reply.status(201).send(await answer(request, training.id, id));
    });

    app.put(item, {
      preValidation: guard.write, schema: { params: MaterialParams, body: TrainingMaterialForm, response: { 200: TrainingMaterial } },
    }, async (request) => {
      const training = await options.parentOr404(app.db, request, request.params.id);
      const current = await findMaterial(app.db, training.id, request.params.materialId, store);
      if (!current) throw notFound();
      const values = checked(request.body);
      // the current resource sent back unchanged keeps the file; anything else is a new upload's id
      const prepared = values.resource === current.resource
        ? null
        : await prepareUpload(app, request, values.resource, options.uploadKind, 'file', options.folder(training.id));
      await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
        const res = await trx.updateTable(table).set({
          title: values.title,
          status: values.status ?? current.status,
          ...(prepared ? {
            resource: prepared.media.resource, resource_name: prepared.media.name, extension: prepared.media.extension, size: prepared.media.size,
          } : {}),
          updated_at: new Date(),
        }).where('id', '=', current.id).where(parentColumn, '=', training.id).where('status', '!=', CONTENT_STATUS.deleted)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw notFound();
        if (prepared) await commitUpload(trx, app, request, prepared);
      }));
      return answer(request, training.id, current.id);
    });

    // soft delete (spec 2 §4.1 status 3): the material leaves every list
    app.delete(item, { preValidation: guard.write, schema: { params: MaterialParams } }, async (request, reply) => {
      const training = await options.parentOr404(app.db, request, request.params.id);
      const res = await app.db.updateTable(table).set({ status: CONTENT_STATUS.deleted, updated_at: new Date() })
        .where('id', '=', request.params.materialId).where(parentColumn, '=', training.id)
        .where('status', '!=', CONTENT_STATUS.deleted)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw notFound();
      return reply.status(204).send();
    });
  };
}

/** spec 2 §7.1 support materials of group trainings. */
const materials = materialRoutes({
  collection: (id) => MATERIAL_PATHS.collection(id),
  item: (id, materialId) => MATERIAL_PATHS.item(id, materialId),
  store: GROUP_TRAINING_MATERIAL_STORE,
  uploadKind: UPLOAD_KINDS.trainingMaterial,
  canUpload: (auth) => hasPermission(auth.subject, TRAININGS_MANAGE),
  folder: (trainingId) => `trainings/${trainingId}/materials`,
  listResource: 'group_training_materials',
  guards: trainingGuards,
  parentOr404: trainingOr404,
});
export default materials;
