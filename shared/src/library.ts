import type { ErrorCode } from './contract/errors.ts';
import { validateAudience, type AudienceValues } from './trainings/basicData.ts';
import { slugify } from './slug.ts';
import { plainLength } from './trainings/html.ts';

/**
 * The library of files (spec 3 §3 "Library file", §4, §5 "Uploads in these modules", §9): the
 * rules the admin form and the server both apply, and what the portal reads from an extension.
 */
export const LIBRARY_LIMITS = {
  titleMax: 256,
  descriptionMax: 1024,
  categoryNameMax: 100,
  introductionMax: 2000,
  slugMax: 200,
} as const;

/**
 * spec 3 §3 "Library file" slug: the one typed, else made from the title with the spec 1 §5.5
 * slug helper (cut to the limit, without a trailing hyphen). Uniqueness in the client is the server's.
 */
export function librarySlug(slug: string | null | undefined, title: string | null | undefined): string {
  const typed = slug?.trim();
  if (typed) return typed;
  return slugify(title ?? '').slice(0, LIBRARY_LIMITS.slugMax).replace(/-+$/, '');
}

/** A slug as stored: what the slug helper would make of it (lower case, no accents, hyphens), within the limit. */
export function validateLibrarySlug(slug: string): ErrorCode | null {
  if (!slug) return 'make_sure_that_all_fields_are_filled_in';
  if (slug.length > LIBRARY_LIMITS.slugMax || slugify(slug) !== slug) return 'invalid_slug';
  return null;
}

/** spec 3 §4: a library file is active or inactive (learners see active files only). */
export const LIBRARY_FILE_STATUS = { active: 1, inactive: 2 } as const;
export const LIBRARY_FILE_STATUSES = [LIBRARY_FILE_STATUS.active, LIBRARY_FILE_STATUS.inactive] as const;

/** What the portal can show inline (spec 3 §2 "preview"): anything else is offered to download. */
export type LibraryPreviewKind = 'pdf' | 'image' | 'video' | 'audio' | 'none';

const PREVIEW: Readonly<Record<string, LibraryPreviewKind>> = {
  pdf: 'pdf',
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image',
  mp4: 'video',
  mp3: 'audio', wav: 'audio',
};

/** Lower-case extension without the dot → how the portal previews it. */
export function libraryPreviewKind(extension: string | null | undefined): LibraryPreviewKind {
  return PREVIEW[(extension ?? '').toLowerCase()] ?? 'none';
}

/** spec 3 §9 / spec 1 §9 file type icons. */
export type LibraryFileIcon = 'video' | 'pdf' | 'image' | 'archive' | 'spreadsheet' | 'document' | 'presentation' | 'audio' | 'file';

const ICONS: Readonly<Record<string, LibraryFileIcon>> = {
  mp4: 'video',
  pdf: 'pdf',
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image',
  zip: 'archive', rar: 'archive', gzip: 'archive', gz: 'archive', tz: 'archive',
  xlsx: 'spreadsheet', xls: 'spreadsheet',
  docx: 'document', doc: 'document',
  pptx: 'presentation', ppt: 'presentation',
  mp3: 'audio', wav: 'audio',
};

export function libraryFileIcon(extension: string | null | undefined): LibraryFileIcon {
  return ICONS[(extension ?? '').toLowerCase()] ?? 'file';
}

/** The values of a library file the form edits and the server stores (JSON write shape). */
export interface LibraryFileValues extends AudienceValues {
  title?: string | null;
  description?: string | null;
  category?: number | null;
  status?: number | null;
  allow_download?: boolean | null;
  /** a tus upload id, or the stored media path kept unchanged */
  resource?: string | null;
  tags?: readonly number[] | null;
  introduction?: string | null;
  /** empty: made from the title (librarySlug) */
  slug?: string | null;
}

export type LibraryFieldErrors = Record<string, ErrorCode>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/**
 * A library file: title (≤ 256), category and file required, description ≤ 1024, introduction
 * ≤ 2000, a slug the slug helper would make (from the title when empty), status
 * active/inactive, and the audience as for trainings (spec 3 §6 "Content is targeted by
 * profiles, areas and groups"; spec 2 §5.1: user groups, or both areas and profiles).
 */
export function validateLibraryFile(values: LibraryFileValues): LibraryFieldErrors {
  const errors: LibraryFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > LIBRARY_LIMITS.titleMax) errors.title = 'title_too_long';
  if (plainLength(values.description?.trim() ?? '') > LIBRARY_LIMITS.descriptionMax) errors.description = 'description_too_long';
  if (plainLength(values.introduction?.trim() ?? '') > LIBRARY_LIMITS.introductionMax) errors.introduction = 'introduction_too_long';
  // a slug left empty comes from the title; a title that gives none (only symbols) is refused on the slug
  if (title) {
    const slugError = validateLibrarySlug(librarySlug(values.slug, title));
    if (slugError) errors.slug = slugError === 'make_sure_that_all_fields_are_filled_in' ? 'invalid_slug' : slugError;
  } else if (values.slug?.trim()) {
    const slugError = validateLibrarySlug(values.slug.trim());
    if (slugError) errors.slug = slugError;
  }
  if (values.category === null || values.category === undefined) errors.category = REQUIRED;
  if (values.status !== null && values.status !== undefined && !(LIBRARY_FILE_STATUSES as readonly number[]).includes(values.status)) {
    errors.status = 'validation_error';
  }
  if (!values.resource?.trim()) errors.resource = REQUIRED;
  Object.assign(errors, validateAudience(values, false));
  return errors;
}

/** A category's name: required, at most 100 characters (uniqueness is the server's). */
export function validateLibraryCategoryName(name: string | null | undefined): ErrorCode | null {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return REQUIRED;
  return plainLength(trimmed) > LIBRARY_LIMITS.categoryNameMax ? 'validation_error' : null;
}

/** Bytes as people read them, in the interface's language: 512 B, 12 KB, 1,5 MB (one decimal from MB up). */
export function formatFileSize(bytes: number, locale = 'pt-br'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const number = (n: number, digits: number) => new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(Math.round(bytes / 1024), 0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${number(bytes / (1024 * 1024), 1)} MB`;
  return `${number(bytes / (1024 * 1024 * 1024), 1)} GB`;
}
