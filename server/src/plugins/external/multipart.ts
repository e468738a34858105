import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/** Largest file part a multipart form may carry inline (editor images); bigger files go through tus. */
export const FORM_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The spec's "form" bodies (spec 2 §7.1: modules, tests, evaluations, materials): multipart
 * fields become the request body as key → value, validated by the route's schema like JSON
 * and urlencoded bodies. Files of any size are uploaded with tus and referred to by a field;
 * a form may carry one small file (an editor image), as a Buffer.
 */
export default fp(async (app) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 200, fieldSize: 1024 * 1024, files: 1, fileSize: FORM_FILE_MAX_BYTES, parts: 201 },
  });
}, { name: 'multipart' });
