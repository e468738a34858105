import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { ErrorCode } from '@lp/shared/contract';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError, RateLimited, Unavailable } from '../../lib/httpError.ts';

/** Every failure answers `{detail, code, fields?}` with the spec's key (DESIGN "API contract"). */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) reply.header('Retry-After', String(error instanceof RateLimited ? error.retryAfterSeconds : 60));
      if (error instanceof Unavailable) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ detail: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (error.validation) {
      const fields: Record<string, ErrorCode> = {};
      let missing = false;
      for (const v of error.validation) {
        const field = (v.params as { missingProperty?: string }).missingProperty
          ?? v.instancePath.replace(/^\//, '').split('/')[0] ?? '';
        if (v.keyword === 'required' || v.keyword === 'minLength') missing = true;
        if (field) fields[field] = v.keyword === 'required' || v.keyword === 'minLength' ? 'make_sure_that_all_fields_are_filled_in' : 'validation_error';
      }
      const code: ErrorCode = missing ? 'make_sure_that_all_fields_are_filled_in' : 'validation_error';
      return reply.status(400).send({ detail: error.message, code, fields });
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ detail: 'A record with this name already exists', code: 'name_not_unique' });
    }
    if (error.statusCode === 413) return reply.status(413).send({ detail: error.message, code: 'file_too_large' });
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message, code: 'validation_error' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Unexpected error, please try again later', code: 'unexpected_error' });
  });
}, { name: 'errors' });
