import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import type { EditorOptions } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { RichTextInput as RaRichTextInput } from 'ra-input-rich-text';
import { useWatch } from 'react-hook-form';
import { useTranslate, type Validator } from 'react-admin';
import type { RichTextInputProps } from './RichTextInput.tsx';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import { maxPlainLength as maxPlain, plainCharacters, requiredRichText } from './richTextRules.ts';

/** Module-level: react-admin's editor is recreated whenever its options object changes. */
const EDITOR_OPTIONS: Partial<EditorOptions> = {
  extensions: [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      // no empty <p></p> appended after a final heading: the stored HTML is what the author wrote
      trailingNode: false,
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    // spec 2 §7.5: images are inserted at max-width 100%
    Image.configure({ inline: true, HTMLAttributes: { style: 'max-width: 100%' } }),
    // spec 3 §2 "sizes 1 to 7" of the full toolbar: a font size on a text-style span
    TextStyle,
    FontSize,
  ],
};

/** Live count of plain characters (tags stripped, entities decoded) against the limit. */
function PlainLengthCounter({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const count = plainCharacters(useWatch({ name: source }));
  return (
    <Typography
      variant="caption"
      aria-live="polite"
      color={count > max ? 'error' : 'text.secondary'}
      sx={{ display: 'block', textAlign: 'right' }}
    >
      {translate('common.rich_text.counter', { count, max })}
    </Typography>
  );
}

/** The TipTap editor behind RichTextInput; loaded lazily (it is most of the editor's weight). */
export default function RichTextEditor({ maxPlainLength, required, validate, onUploadImage, fullToolbar, source, ...rest }: RichTextInputProps) {
  const validators = useMemo(() => {
    const list: Validator[] = [];
    if (required) list.push(requiredRichText);
    if (maxPlainLength) list.push(maxPlain(maxPlainLength));
    if (Array.isArray(validate)) list.push(...validate);
    else if (validate) list.push(validate);
    return list;
  }, [required, maxPlainLength, validate]);

  return (
    <Box sx={{ width: '100%' }}>
      <RaRichTextInput
        source={source}
        {...rest}
        validate={validators}
        editorOptions={EDITOR_OPTIONS}
        toolbar={<RichTextToolbar onUploadImage={onUploadImage} full={fullToolbar} />}
      />
      {maxPlainLength ? <PlainLengthCounter source={source} max={maxPlainLength} /> : null}
    </Box>
  );
}
