import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CONTENT_STATUS, MATERIAL_DEFAULT_STATUS, MATERIAL_PATHS, ListQuery, TrainingMaterial, TrainingMaterialForm, UPLOAD_KINDS,
  UPLOAD_LIMITS, formErrorCode, hasPermission, parseFormInteger, validateMaterialForm,
} from '@lp/shared';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { findMaterial, materialListQuery, toMaterial } from '../../../repositories/trainingModules.ts';
import { TRAININGS_MANAGE, trainingGuards, trainingOr404 } from './common.ts';
import { commitUpload, prepareUpload, savingUpload } from './uploadedFile.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['title'],
  sortable: { id: 'id', title: 'title', extension: 'extension', size: 'size', status: 'status', created_at: 'created_at' },
  defaultOrdering: 'id',
  filters: { status: 'status' },
};

const TrainingParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const MaterialParams = Type.Object({ id: Type.Integer({ minimum: 1 }), materialId: Type.Integer({ minimum: 1 }) });

/**
 * spec 2 §7.1 support materials (§3.6): list, read, create, update, delete. Any extension up to
 * 150 MB (§5.2 "general file"); title and file required (§5.7); new ones published (§4.3).
 */
const materials: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingGuards(app);
  const collection = MATERIAL_PATHS.collection(':id');
  const item = MATERIAL_PATHS.item(':id', ':materialId');

  app.tus.defineKind(UPLOAD_KINDS.trainingMaterial, {
    maxBytes: UPLOAD_LIMITS.generalMaxBytes,
    allowed: (auth) => hasPermission(auth.subject, TRAININGS_MANAGE),
  });

  function checked(body: TrainingMaterialForm) {
    const fields = validateMaterialForm(body);
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The support material is not valid', fields);
    return { title: String(body.title).trim(), status: parseFormInteger(body.status), resource: String(body.resource).trim() };
  }

  async function answer(trainingId: number, id: number) {
    const row = await findMaterial(app.db, trainingId, id);
    if (!row) throw notFound();
    return toMaterial(row, app.config.publicUrl);
  }

  app.get(collection, { preValidation: guard.read, schema: { params: TrainingParams, querystring: ListQuery } }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(materialListQuery(app.db, training.id), list, LIST_SPEC);
    return sendList(reply, 'group_training_materials', list, rows.map((r) => toMaterial(r, app.config.publicUrl)), total);
  });

  app.get(item, { preValidation: guard.read, schema: { params: MaterialParams, response: { 200: TrainingMaterial } } }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    return answer(training.id, request.params.materialId);
  });

  app.post(collection, {
    preValidation: guard.write, schema: { params: TrainingParams, body: TrainingMaterialForm, response: { 201: TrainingMaterial } },
  }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const values = checked(request.body);
    const prepared = await prepareUpload(app, request, values.resource, UPLOAD_KINDS.trainingMaterial, 'file', `trainings/${training.id}/materials`);
    const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await trx.insertInto('group_training_materials').values({
        group_training_id: training.id, title: values.title, status: values.status ?? MATERIAL_DEFAULT_STATUS,
        resource: prepared.media.resource, resource_name: prepared.media.name, extension: prepared.media.extension,
        size: prepared.media.size, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await commitUpload(trx, app, request, prepared);
      return row.id;
    }));
    return reply.status(201).send(await answer(training.id, id));
  });

  app.put(item, {
    preValidation: guard.write, schema: { params: MaterialParams, body: TrainingMaterialForm, response: { 200: TrainingMaterial } },
  }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const current = await findMaterial(app.db, training.id, request.params.materialId);
    if (!current) throw notFound();
    const values = checked(request.body);
    // the current resource sent back unchanged keeps the file; anything else is a new upload's id
    const prepared = values.resource === current.resource
      ? null
      : await prepareUpload(app, request, values.resource, UPLOAD_KINDS.trainingMaterial, 'file', `trainings/${training.id}/materials`);
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const res = await trx.updateTable('group_training_materials').set({
        title: values.title,
        status: values.status ?? current.status,
        ...(prepared ? {
          resource: prepared.media.resource, resource_name: prepared.media.name, extension: prepared.media.extension, size: prepared.media.size,
        } : {}),
        updated_at: new Date(),
      }).where('id', '=', current.id).where('group_training_id', '=', training.id).where('status', '!=', CONTENT_STATUS.deleted)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw notFound();
      if (prepared) await commitUpload(trx, app, request, prepared);
    }));
    return answer(training.id, current.id);
  });

  // soft delete (spec 2 §4.1 status 3): the material leaves every list
  app.delete(item, { preValidation: guard.write, schema: { params: MaterialParams } }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const res = await app.db.updateTable('group_training_materials').set({ status: CONTENT_STATUS.deleted, updated_at: new Date() })
      .where('id', '=', request.params.materialId).where('group_training_id', '=', training.id)
      .where('status', '!=', CONTENT_STATUS.deleted)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound();
    return reply.status(204).send();
  });
};
export default materials;
