import { describe, expect, it } from 'vitest';
import { formatFileSize, libraryFileIcon, libraryPreviewKind, validateLibraryCategoryName, validateLibraryFile } from './library.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const valid = { title: 'Manual', category: 3, resource: 'upload-id', user_groups: [7] };

describe('library file rules (spec 3 §3 "Library file", §5)', () => {
  it('accepts a titled, categorised file with an audience', () => {
    expect(validateLibraryFile(valid)).toEqual({});
    expect(validateLibraryFile({ ...valid, user_groups: [], areas: [1], profiles: [2], status: 2 })).toEqual({});
  });

  it('requires title, category and file; limits title and description', () => {
    expect(validateLibraryFile({ user_groups: [1] })).toEqual({ title: REQUIRED, category: REQUIRED, resource: REQUIRED });
    expect(validateLibraryFile({ ...valid, title: 'x'.repeat(257) }).title).toBe('title_too_long');
    expect(validateLibraryFile({ ...valid, description: 'x'.repeat(1025) }).description).toBe('description_too_long');
    expect(validateLibraryFile({ ...valid, status: 3 }).status).toBe('validation_error');
  });

  it('applies the training audience rule: groups, or areas and profiles together', () => {
    expect(validateLibraryFile({ ...valid, user_groups: [] })).toEqual({ areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' });
    expect(validateLibraryFile({ ...valid, user_groups: [], areas: [1] })).toEqual({ profiles: REQUIRED });
  });

  it('names a category: required, at most 100 characters', () => {
    expect(validateLibraryCategoryName('  ')).toBe(REQUIRED);
    expect(validateLibraryCategoryName('x'.repeat(101))).toBe('validation_error');
    expect(validateLibraryCategoryName('Manuais')).toBeNull();
  });
});

describe('what the portal does with an extension (spec 3 §2 preview, §9 icons)', () => {
  it('previews pdf, images, mp4 video and mp3/wav audio; nothing else', () => {
    expect(libraryPreviewKind('pdf')).toBe('pdf');
    expect(['png', 'JPG', 'jpeg', 'gif'].map(libraryPreviewKind)).toEqual(['image', 'image', 'image', 'image']);
    expect(libraryPreviewKind('mp4')).toBe('video');
    expect(libraryPreviewKind('wav')).toBe('audio');
    expect(libraryPreviewKind('docx')).toBe('none');
    expect(libraryPreviewKind('')).toBe('none');
  });

  it('picks the §9 icons', () => {
    expect(['mp4', 'pdf', 'gif', 'rar', 'xls', 'doc', 'pptx', 'exe'].map(libraryFileIcon))
      .toEqual(['video', 'pdf', 'image', 'archive', 'spreadsheet', 'document', 'presentation', 'file']);
  });
});

describe('file sizes as people read them', () => {
  it('uses B, KB, MB and GB with the language\'s decimal mark', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(-1)).toBe('');
  });
});
