import { ADMIN_RESOURCES, type ErrorCode } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';

/** spec 1 §2.3 / spec 3 §2: libraries → title library, library/categories → library_categories. */
export const LIBRARY_TITLE = ADMIN_RESOURCES.libraries.title;
export const LIBRARY_CATEGORIES_TITLE = ADMIN_RESOURCES.library_categories.title;


/** spec 3 §8 "Library file not found": unknown, another client's, or (learners) inactive or outside the audience. */
export const libraryFileNotFound = () => new HttpError(404, 'library_file_not_found', 'Library file not found');

export const invalidFile = (code: ErrorCode, fields: Record<string, ErrorCode>, status = 400) =>
  new HttpError(status, code, 'The library file is not valid', fields);
