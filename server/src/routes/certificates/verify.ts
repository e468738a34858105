import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CertificateVerification, LEARNER_PATHS } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { verifyCertificate } from '../../repositories/learner/certificates.ts';

/** what issueCertificate makes: url-safe base64 */
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * GET /certificates/verify/{code}/ — public, no login: the link written on every
 * certificate PDF leads to a page that reads this. It answers what the certificate says and
 * whether it holds now (valid, expired, or superseded by a renewal); an unknown code is 404.
 */
const verify: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LEARNER_PATHS.verifyCertificate(':code'), {
    config: { access: 'public' },
    schema: {
      params: Type.Object({ code: Type.String() }),
      response: { 200: CertificateVerification },
    },
  }, async (request, reply) => {
    const { code } = request.params;
    // any malformed code is simply unknown
    const answer = CODE.test(code) ? await verifyCertificate(app.db, code) : null;
    if (!answer) throw new HttpError(404, 'not_found', 'Certificate not found');
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
export default verify;
