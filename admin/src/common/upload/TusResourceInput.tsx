import { useState } from 'react';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import { TusFileField } from './TusFileField.tsx';

export interface TusResourceInputProps {
  /** form field: the stored media path (kept) or a new upload's id */
  source: string;
  /** tus metadata kind the server checks the upload against */
  kind: string;
  label: string;
  /** the file input's accept ('' = any) */
  accept: string;
  hint: string;
  disabled?: boolean;
  /** a translation key when a chosen file is refused before it is sent */
  check?(file: File): string | null;
  /** tells the form whether a transfer is running (Save waits for it) */
  onBusyChange?(busy: boolean): void;
  /** the stored file when the record keeps it elsewhere than `resource` (a user's `image`); null: none */
  stored?: { path: string; url: string | null } | null;
}

/**
 * A file field of a react-admin form: the file goes with tus as soon as it is chosen (progress,
 * pause, resume, cancel), and the form then holds the upload id; cancelling keeps the stored
 * file (the record's `resource`). Shows the stored file as a link (`file_name`, `resource_url`).
 */
export function TusResourceInput({ source, kind, label, accept, hint, disabled, check, onBusyChange, stored }: TusResourceInputProps) {
  const translate = useTranslate();
  const record = useRecordContext<{ resource?: string; resource_url?: string; file_name?: string }>();
  const { field, fieldState } = useInput({ source, defaultValue: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const kept = stored !== undefined ? stored : record?.resource ? { path: record.resource, url: record.resource_url ?? null } : null;
  const current = kept ? { name: (stored === undefined ? record?.file_name : undefined) ?? kept.path.split('/').pop() ?? '', url: kept.url } : null;
  const message = refused ?? (fieldState.error?.message ? String(fieldState.error.message) : null);
  return (
    <div ref={field.ref} tabIndex={-1}>
      <TusFileField
        kind={kind}
        label={translate(label)}
        accept={accept}
        hint={hint}
        current={current}
        disabled={disabled}
        error={message ? translate(message) : null}
        check={check}
        onUploaded={(uploadId) => {
          setRefused(null);
          field.onChange(uploadId ?? kept?.path ?? '');
        }}
        onRefused={setRefused}
        onBusyChange={onBusyChange}
      />
    </div>
  );
}
