import type { FastifyPluginAsync } from 'fastify';
import tus from './tus.ts';
import reports from './reports.ts';
import editorImages from './editorImages.ts';
import signedMedia from './signedMedia.ts';
import presignedUrl from './presignedUrl.ts';

/**
 * Files (DESIGN "Files and media"): resumable uploads, the generated reports' downloads, the
 * editors' images, the signed media links and the presigned URL of spec 2 §7.5 step 4.
 */
const files: FastifyPluginAsync = async (app) => {
  await app.register(tus);
  await app.register(reports);
  await app.register(editorImages);
  await app.register(signedMedia);
  await app.register(presignedUrl);
};
export default files;
