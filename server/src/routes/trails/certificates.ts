import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CertificateSyncState, TRAIL_PATHS } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { certificateSyncState } from '../../repositories/trailCertificateSync.ts';
import { startCertificateSync } from '../../trails/certificateSync.ts';
import { trailAccess, trailOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/** spec 2 §2.4 / §4.9: start the certificate synchronisation of a trail, and read whether it runs. */
const certificates: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trailAccess;
  const path = TRAIL_PATHS.syncCertificates(':id');

  app.get(path, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: CertificateSyncState } } }, async (request) => {
    return certificateSyncState(await trailOr404(app.db, request, request.params.id));
  });

  // 202: the run goes on in the background; its state is read with the GET
  app.post(path, { config: { access: guard.write }, schema: { params: IdParams, response: { 202: CertificateSyncState } } }, async (request, reply) => {
    const { id } = request.params;
    await trailOr404(app.db, request, id);
    // spec 2 §8 'Sync is already in progress'
    if (!(await startCertificateSync(app, clientOf(request), id))) {
      throw new HttpError(409, 'sync_already_in_progress', 'Sync is already in progress');
    }
    return reply.status(202).send(certificateSyncState(await trailOr404(app.db, request, id)));
  });
};
export default certificates;
