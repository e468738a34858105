import { LIBRARY_FILE_STATUS, validateLibraryFile } from '@lp/shared/rules';
import type { LibraryFileInput } from '@lp/shared/contract';

/** What the library file form holds (the read shape's fields it edits). */
export interface LibraryFormValues {
  title?: string | null;
  description?: string | null;
  introduction?: string | null;
  slug?: string | null;
  category?: number | null;
  status?: number | null;
  allow_download?: boolean | null;
  resource?: string | null;
  tags?: number[] | null;
  areas?: number[] | null;
  profiles?: number[] | null;
  user_groups?: number[] | null;
}

export const NEW_LIBRARY_FILE: LibraryFormValues = {
  title: '', description: '', introduction: '', slug: '', category: null, status: LIBRARY_FILE_STATUS.active, allow_download: true, resource: '',
  tags: [], areas: [], profiles: [], user_groups: [],
};

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/** Form values → the JSON body of POST /admin_library/libraries/ and PUT …/{id}/ (read-only fields dropped). */
export function libraryPayload(values: LibraryFormValues): LibraryFileInput {
  const category = values.category === null || values.category === undefined || String(values.category) === '' ? null : Number(values.category);
  return {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    introduction: (values.introduction ?? '').trim(),
    // empty: the server makes it from the title (shared librarySlug)
    slug: (values.slug ?? '').trim(),
    category,
    status: Number(values.status ?? LIBRARY_FILE_STATUS.active),
    allow_download: values.allow_download ?? true,
    resource: (values.resource ?? '').trim(),
    tags: ids(values.tags),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** The shared rule in the form: field → translation key (a missing value says "required"). */
export function validateLibraryForm(values: LibraryFormValues): Record<string, string> {
  const errors = validateLibraryFile(libraryPayload(values));
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [
    field, code === 'make_sure_that_all_fields_are_filled_in' ? 'ra.validation.required' : `errors.${code}`,
  ]));
}
