import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MODULE_PATHS, ModuleSearchAnswer, ModuleSearchBody, MoveModuleResourceAnswer, MoveModuleResourceBody, UPLOAD_KINDS,
} from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { randomMediaId } from '../../lib/mediaStore.ts';
import { mediaKey } from '../../storage/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findClientModule, findMediaObject, moduleTypes, searchModules } from '../../repositories/trainingModules.ts';
import { trainingAccess } from './common.ts';
import { insertUpload } from '../../repositories/uploads.ts';

const sourceNotFound = () => new HttpError(400, 'module_import_not_found_error', 'The source module or its file was not found');

/**
 * spec 2 §2.3 "import from database" (§7.1): search the client's modules, then copy the chosen
 * one's resource so the new module owns its own file. The copy becomes a finished upload of the
 * caller (kind training_module), which the new module's form sends as `resource` and which is
 * checked against the chosen type like any upload; an embed is answered as it is.
 */
const moduleImport: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();

  app.post(MODULE_PATHS.search, {
    config: { access: guard.read }, schema: { body: ModuleSearchBody, response: { 200: ModuleSearchAnswer } },
  }, async (request) => ({ classes: await searchModules(app.db, clientOf(request), request.body.search_module) }));

  app.post(MODULE_PATHS.moveResourceToTmp, {
    config: { access: guard.write }, schema: { body: MoveModuleResourceBody, response: { 200: MoveModuleResourceAnswer } },
  }, async (request) => {
    const clientId = clientOf(request);
    const source = await findClientModule(app.db, clientId, request.body.group_training_module_source_id);
    if (!source?.resource) throw sourceNotFound();
    const type = (await moduleTypes(app.db)).find((t) => t.id === source.module_type_id);
    if (type?.use_embed) return { group_training_module_resource: source.resource };

    const stored = await findMediaObject(app.db, clientId, source.resource);
    if (!stored) throw sourceNotFound();
    const id = randomMediaId();
    if (!(await app.tus.adopt(id, mediaKey(stored.source), Number(stored.size)))) throw sourceNotFound();
    try {
      const now = new Date();
      await insertUpload(app.db, {
        id, user_id: authOf(request).user.id, client_id: clientId, kind: UPLOAD_KINDS.trainingModule, file_name: stored.file_name,
        size: Number(stored.size), created_at: now, completed_at: now, consumed_at: null,
      });
    } catch (error) {
      await app.tus.discard(id);
      throw error;
    }
    return { group_training_module_resource: id };
  });
};
export default moduleImport;
