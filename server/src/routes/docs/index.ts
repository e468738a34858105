import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/httpError.ts';
import { API_DOCS_PREFIX } from '../../plugins/external/openapi.ts';

/** The area's path under the /api prefix. */
const AREA = API_DOCS_PREFIX.slice('/api'.length);

/** Swagger UI's files as its package ships them (swagger-ui-dist), served from this origin. */
const UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The page carries no inline script (the CSP of the docs kind forbids it, plugins/app/securityHeaders.ts). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Learning platform API</title>
    <link rel="stylesheet" href="${API_DOCS_PREFIX}/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="${API_DOCS_PREFIX}/assets/favicon-32x32.png">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PREFIX}/assets/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PREFIX}/assets/swagger-ui-standalone-preset.js"></script>
    <script src="${API_DOCS_PREFIX}/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '${API_DOCS_PREFIX}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/**
 * The API reference (docs/api.md "Reference"): the OpenAPI document generated from the routes'
 * schemas, and Swagger UI over it. Public, like the front ends' bundles that name the same routes;
 * trying a call out needs a bearer token of one's own.
 */
const docs: FastifyPluginAsyncTypebox = async (app) => {
  const hidden = { hide: true } as const;
  app.get(AREA, { config: { access: 'public' }, schema: hidden }, async (_request, reply) => reply.redirect(`${API_DOCS_PREFIX}/`));
  app.get(`${AREA}/`, { config: { access: 'public' }, schema: hidden }, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE);
  });
  app.get(`${AREA}/init.js`, { config: { access: 'public' }, schema: hidden }, async (_request, reply) => {
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT);
  });
  app.get(`${AREA}/openapi.json`, { config: { access: 'public' }, schema: hidden }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(JSON.stringify(app.swagger()));
  });
  app.get(`${AREA}/assets/:file`, {
    config: { access: 'public' },
    schema: { ...hidden, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const { file } = request.params;
    const type = Object.hasOwn(UI_FILES, file) ? UI_FILES[file] : undefined;
    if (!type) throw notFound();
    // the package's version names the files' content: a day in caches is safe
    return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(path.join(UI_DIR, file)));
  });
};
export default docs;
