import type { FastifyPluginAsync } from 'fastify';
import tus from './tus.ts';
import reports from './reports.ts';
import editorImages from './editorImages.ts';
import signedMedia from './signedMedia.ts';

/**
 * Files (DESIGN "Files and media"): resumable uploads, the generated reports' downloads, the
 * editors' images and the signed media links.
 */
const files: FastifyPluginAsync = async (app) => {
  await app.register(tus);
  await app.register(reports);
  await app.register(editorImages);
  await app.register(signedMedia);
};
export default files;
