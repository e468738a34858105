import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { HttpError } from '../../lib/httpError.ts';

/** A NUL, or half of a surrogate pair (text no UTF-8 encoder keeps as sent). */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

/** The first field (`a.b.0`) holding bad text, or null; object keys count too. */
export function badTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (BAD_TEXT.test(key)) return at;
    const found = badTextAt(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

const refuseBadText: preHandlerHookHandler = async (request: FastifyRequest) => {
  for (const part of [request.params, request.query, request.body]) {
    const at = badTextAt(part);
    if (at) {
      const field = at.split('.')[0]!;
      throw new HttpError(400, 'validation_error', `${at}: text with a NUL character or invalid UTF-16 is refused`, { [field]: 'validation_error' });
    }
  }
};

/**
 * docs/security.md "Input edges": NUL bytes (Postgres refuses them in text: a 500) and lone
 * surrogates (SQLite and Postgres would store U+FFFD instead) are refused in one place, for
 * every route: a preHandler appended after the route's own, so an authenticated route
 * authenticates first; the body, the query string and the path parameters are read.
 */
export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...own, refuseBadText];
  });
}, { name: 'text-guard' });
