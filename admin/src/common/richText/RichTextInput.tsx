import { Suspense, lazy } from 'react';
import { Skeleton } from '@mui/material';
import { Labeled } from 'react-admin';
import type { RichTextInputProps as RaRichTextInputProps } from 'ra-input-rich-text';

// TipTap and ProseMirror stay out of the first load: they come with the first editor shown
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export interface RichTextInputProps extends Omit<RaRichTextInputProps, 'toolbar' | 'editorOptions'> {
  source: string;
  /** limit of plain characters (tags stripped, entities decoded), with a live counter — e.g. 1024 */
  maxPlainLength?: number;
  /** an empty paragraph counts as empty */
  required?: boolean;
  /** uploads an image (.png, .jpg, .gif) chosen in the toolbar and answers its URL */
  onUploadImage?: (file: File) => Promise<string>;
  /**
   * spec 3 §2 news editor: strike, code blocks, quote, sizes 1 to 7 and remove format besides the
   * standard buttons, and an HTML source of 10 rows
   */
  fullToolbar?: boolean;
}

/**
 * A react-admin rich-text input (TipTap via ra-input-rich-text) with a toolbar and an HTML
 * source dialog; the value is the HTML. Use inside SimpleForm / TabbedForm with `source`.
 */
export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Labeled label={props.label} source={props.source} fullWidth>
          <Skeleton variant="rounded" height={160} />
        </Labeled>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
