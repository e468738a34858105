import { Type } from '@sinclair/typebox';

/**
 * Path parameters: `{ id }` of every `/…/:id/` route is the one schema of the shared contract
 * (a positive integer; anything else is a 400 validation error, after the access check).
 */
export { IdParams } from '@lp/shared/contract';

/** A positive integer id in a path, for routes with more than one (`:id/tests/:testId/`). */
export const Id = () => Type.Integer({ minimum: 1 });
