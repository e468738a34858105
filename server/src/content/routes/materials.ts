import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MATERIAL_DEFAULT_STATUS, UPLOAD_LIMITS, formErrorCode, hasPermission, parseFormInteger, validateMaterialForm,
} from '@lp/shared/rules';
import { ListQuery, TrainingMaterial, TrainingMaterialForm, NoContent } from '@lp/shared/contract';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import type { AuthContext } from '../../plugins/app/auth.ts';
import { commitUpload, prepareUpload, savingUpload } from '../../routes/trainings/uploadedFile.ts';
import type { OwnerKind } from '../owner.ts';
import { ownerAccess, ownerOr404 } from '../ownerAccess.ts';
import { ownedDb } from '../ownedDb.ts';
import { findMaterial, insertMaterial, materialListQuery, softDeleteMaterial, toMaterial, updateMaterial } from '../repository/materials.ts';
import { MaterialParams } from './params.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['title'],
  sortable: { id: 'id', title: 'title', extension: 'extension', size: 'size', status: 'status', created_at: 'created_at' },
  defaultOrdering: 'id',
  filters: { status: 'status' },
};

/**
 * Support materials (spec 2 §3.6, §7.1, §7.3) of one owner kind: list, read, create, update,
 * delete. Any extension up to 150 MB (§5.2 "general file"); title and file required (§5.7); new
 * ones published (§4.3). Multipart forms: title, status, resource (a tus upload id).
 */
export function registerMaterialRoutes(parent: FastifyInstance, owner: OwnerKind): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const guard = ownerAccess(owner);
  const { uploadKind, folder } = owner.materials;
  const collection = owner.materials.collection(':id');
  const item = owner.materials.item(':id', ':materialId');
  const owned = ownedDb(app.db, owner);

  app.tus.defineKind(uploadKind, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, allowed: (auth: AuthContext) => hasPermission(auth.subject, owner.admin.manage) });

  function checked(body: TrainingMaterialForm) {
    const fields = validateMaterialForm(body);
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The support material is not valid', fields);
    return { title: String(body.title).trim(), status: parseFormInteger(body.status), resource: String(body.resource).trim() };
  }

  async function answer(request: FastifyRequest, ownerId: number, id: number) {
    const row = await findMaterial(owned, ownerId, id);
    if (!row) throw notFound();
    return toMaterial(row, app.mediaUrls(request));
  }

  app.get(collection, { config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(TrainingMaterial) } }, async (request, reply) => {
    const { id } = await ownerOr404(app.db, owner, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(materialListQuery(owned, id), list, LIST_SPEC);
    return sendList(reply, `${owner.wirePrefix}_materials`, list, rows.map((r) => toMaterial(r, app.mediaUrls(request))), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: MaterialParams, response: { 200: TrainingMaterial } } }, async (request) => {
    const { id } = await ownerOr404(app.db, owner, request, request.params.id);
    return answer(request, id, request.params.materialId);
  });

  app.post(collection, {
    config: { access: guard.write }, schema: { params: IdParams, body: TrainingMaterialForm, response: { 201: TrainingMaterial } },
  }, async (request, reply) => {
    const { id: ownerId } = await ownerOr404(app.db, owner, request, request.params.id);
    const values = checked(request.body);
    const prepared = await prepareUpload(app, request, values.resource, uploadKind, 'file', folder(ownerId));
    const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const newId = await insertMaterial(ownedDb(trx, owner), ownerId, { title: values.title, status: values.status ?? MATERIAL_DEFAULT_STATUS }, prepared.media);
      await commitUpload(trx, app, request, prepared);
      return newId;
    }));
    return reply.status(201).send(await answer(request, ownerId, id));
  });

  app.put(item, {
    config: { access: guard.write }, schema: { params: MaterialParams, body: TrainingMaterialForm, response: { 200: TrainingMaterial } },
  }, async (request) => {
    const { id: ownerId } = await ownerOr404(app.db, owner, request, request.params.id);
    const current = await findMaterial(owned, ownerId, request.params.materialId);
    if (!current) throw notFound();
    const values = checked(request.body);
    // the current resource sent back unchanged keeps the file; anything else is a new upload's id
    const prepared = values.resource === current.resource
      ? null
      : await prepareUpload(app, request, values.resource, uploadKind, 'file', folder(ownerId));
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const saved = await updateMaterial(ownedDb(trx, owner), ownerId, current.id, { title: values.title, status: values.status ?? current.status }, prepared?.media ?? null);
      if (!saved) throw notFound();
      if (prepared) await commitUpload(trx, app, request, prepared);
    }));
    return answer(request, ownerId, current.id);
  });

  // soft delete (spec 2 §4.1 status 3): the material leaves every list
  app.delete(item, { config: { access: guard.write }, schema: { params: MaterialParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id: ownerId } = await ownerOr404(app.db, owner, request, request.params.id);
    if (!(await softDeleteMaterial(owned, ownerId, request.params.materialId))) throw notFound();
    return reply.status(204).send();
  });
}
