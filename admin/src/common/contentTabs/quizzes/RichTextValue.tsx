import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Form } from 'react-admin';
import { RichTextInput } from '../../richText/RichTextInput.tsx';
import type { TestOwnerContract } from '@lp/shared/contract';
import { editorImageUploader } from '../../upload/uploadEditorImage.ts';

// spec 2 §7.5: images in the question and alternative editors go with the owner's editor images
const uploaders = {
  training: editorImageUploader('trainings'), webcast: editorImageUploader('webcasts'), live_class: editorImageUploader('live_classes'),
  presential_event: editorImageUploader('presential_events'),
} as const satisfies Record<TestOwnerContract['ownerKind'], unknown>;

function Watch({ onChange }: { onChange(html: string): void }) {
  const value = useWatch({ name: 'html' }) as unknown;
  useEffect(() => {
    onChange(typeof value === 'string' ? value : '');
  }, [value, onChange]);
  return null;
}

export interface RichTextValueProps {
  /** the starting HTML; a new `formKey` starts the editor again from it */
  initial: string;
  formKey?: string | number;
  label: string;
  disabled?: boolean;
  /** the error to show under the editor (a translation key) */
  error?: string | null;
  /** whose editor images these are (spec 2 §7.5 directory): a training's by default */
  ownerKind?: TestOwnerContract['ownerKind'];
  onChange(html: string): void;
}

/**
 * A rich-text editor with its HTML dialog (admin/src/common/richText) as a controlled value for
 * dialogs that are not react-admin forms: the question title and the alternatives (spec 2 §2.3).
 * Each sits in its own small form; nothing is submitted through it.
 */
export function RichTextValue({ initial, formKey, label, disabled, error, ownerKind = 'training', onChange }: RichTextValueProps) {
  return (
    <Form key={formKey} record={{ html: initial }} onSubmit={() => undefined} noValidate>
      <RichTextInput
        source="html"
        label={label}
        disabled={disabled}
        onUploadImage={uploaders[ownerKind]}
        fullWidth
        helperText={error ?? false}
        sx={error ? { '& .MuiFormHelperText-root': { color: 'error.main' } } : undefined}
      />
      <Watch onChange={onChange} />
    </Form>
  );
}
