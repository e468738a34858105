import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FileAnswer, LEARNER_PATHS, LearnerCertificatePage } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { certificateKey, writeCertificatePdf } from '../../learning/certificates.ts';
import { listCertificates, ownCertificate, setCertificatePdf } from '../../repositories/learner/certificates.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';

const certificateNotFound = () => new HttpError(404, 'not_found', 'Certificate not found');

/** A file name a browser saves: the title's letters and digits. */
function downloadName(title: string, id: number): string {
  const slug = title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60).toLowerCase();
  return `certificate-${slug || id}.pdf`;
}

/**
 * The learner's certificates (spec 1 §2.2 profile certificates with "load more"; spec 2 §3.9) and
 * their PDFs, which only their owner downloads. The public verification is in
 * routes/certificates/verify.ts (no login).
 */
const certificates: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LEARNER_PATHS.certificates, {
    config: { access: 'authenticated' },
    schema: { querystring: LearnerPageQuery, response: { 200: LearnerCertificatePage } },
  }, async (request) => {
    const { offset, limit } = pageOf(request.query);
    return listCertificates(app.db, clientOf(request), authOf(request).user.id, app.config.publicUrl, offset, limit);
  });

  app.get(LEARNER_PATHS.certificatePdf(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, response: { 200: FileAnswer } },
  }, async (request, reply) => {
    const cert = await ownCertificate(app.db, clientOf(request), authOf(request).user.id, request.params.id);
    if (!cert) throw certificateNotFound();
    const key = cert.pdf_path ? certificateKey(cert.pdf_path) : null;
    let bytes = key ? await app.storage.get(key) : null;
    if (!bytes) {
      // drawn once at issue; a file lost from the store is drawn again from the certificate's snapshot
      const pdfPath = await writeCertificatePdf(app.db, app.config, { ...cert, workload: Number(cert.workload) });
      await setCertificatePdf(app.db, cert.id, pdfPath);
      bytes = await app.storage.get(pdfPath);
      if (!bytes) throw certificateNotFound();
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${downloadName(cert.title, cert.id)}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
};
export default certificates;
