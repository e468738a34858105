import type { ErrorCode } from '@lp/shared/contract';

/** An answer with the spec's error key: `{detail, code, fields?}` (DESIGN "API contract"). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    detail?: string,
    readonly fields?: Record<string, ErrorCode>,
  ) {
    super(detail ?? code);
    this.name = 'HttpError';
  }
}

/** 429 that says how long to wait (the Retry-After header, in whole seconds). */
export class RateLimited extends HttpError {
  constructor(code: ErrorCode, detail: string, readonly retryAfterSeconds: number) {
    super(429, code, detail);
  }
}

/** 503 that says when to come back (the Retry-After header, in whole seconds; RFC 9110 §10.2.3). */
export class Unavailable extends HttpError {
  constructor(code: ErrorCode, detail: string, readonly retryAfterSeconds: number) {
    super(503, code, detail);
  }
}

export const notFound = () => new HttpError(404, 'not_found', 'Not found or no permission to access');
