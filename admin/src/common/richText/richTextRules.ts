import type { Validator } from 'react-admin';
import { htmlToPlainText, plainLength } from '@lp/shared/rules';

/** spec 2 §5.11 / §9: images inserted into the rich-text editors must be .png, .jpg or .gif */
export const EDITOR_IMAGE_EXTENSIONS = ['png', 'jpg', 'gif'] as const;
const EDITOR_IMAGE_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

export function isEditorImage(file: File): boolean {
  const ext = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const expected = EDITOR_IMAGE_TYPES[ext];
  return !!expected && (!file.type || file.type === expected);
}

/** Plain characters of the editor's HTML (spec 2 §5.1: HTML stripped, entities decoded). */
export const plainCharacters = (html: unknown): number => plainLength(htmlToPlainText(typeof html === 'string' ? html : ''));

/** Empty when no text is left once the tags are stripped (an image alone still counts). */
export const isBlankHtml = (html: unknown): boolean =>
  typeof html !== 'string' || (htmlToPlainText(html) === '' && !/<(img|iframe|video)\b/i.test(html));

/** react-admin's `required`, for HTML: '<p></p>' is empty too. */
export const requiredRichText: Validator = Object.assign(
  (value: unknown) => (isBlankHtml(value) ? 'ra.validation.required' : undefined),
  { isRequired: true },
);

export const maxPlainLength =
  (max: number): Validator =>
  (value: unknown) =>
    plainCharacters(value) > max ? { message: 'common.rich_text.too_long', args: { max } } : undefined;
