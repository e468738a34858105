import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { hashToken, safeEqual } from '../../lib/tokens.ts';
import { findApplication } from '../../repositories/clients.ts';

/** Basic client credentials (or client_id/client_secret in the form), spec 1 §7. */
export async function authenticateApplication(db: Db, request: FastifyRequest, form: { client_id?: string; client_secret?: string }) {
  let id = form.client_id;
  let secret = form.client_secret;
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  const app = id ? await findApplication(db, id) : undefined;
  if (!app || !secret || !safeEqual(app.secret_hash, hashToken(secret))) {
    throw new HttpError(401, 'invalid_client', 'Invalid client credentials');
  }
  return app;
}
