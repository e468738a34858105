/**
 * spec 1 §5.3 / §8.3 the users' uniqueness keys and the reading of a unique violation as them.
 * Kept apart from adminUsers.ts so the import worker loads only this (not anonymisation, PDFs
 * and the shared contract).
 */
import type { ErrorCode } from '@lp/shared/contract';
import { uniqueViolationColumns } from '../db/dialect.ts';

/** spec 1 §5.3 / §8.3 uniqueness keys, by column. */
export const UNIQUE_USER_FIELDS = {
  email: 'email_not_unique',
  document: 'document_not_unique',
  register: 'register_not_unique',
  gmin_number: 'gmin_number_not_unique',
} as const satisfies Record<string, ErrorCode>;
export type UniqueUserField = keyof typeof UNIQUE_USER_FIELDS;

/** A unique violation raised by a concurrent write, as the spec's key (null if not a users key). */
export function uniqueConflictOf(error: unknown): Partial<Record<UniqueUserField, ErrorCode>> | null {
  const columns = uniqueViolationColumns(error);
  const conflicts: Partial<Record<UniqueUserField, ErrorCode>> = {};
  for (const column of columns) {
    const field = (Object.keys(UNIQUE_USER_FIELDS) as UniqueUserField[]).find((f) => column === f || column === `users_${f}_key` || column === `users_${f}_unique`);
    if (field) conflicts[field] = UNIQUE_USER_FIELDS[field];
  }
  return Object.keys(conflicts).length ? conflicts : null;
}
