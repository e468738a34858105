import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { Alert, Box, Button, FormHelperText, Link, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { useTusUpload } from './useTusUpload.ts';
import { UploadProgress } from './UploadProgress.tsx';

export interface TusFileFieldProps {
  /** tus metadata kind (UPLOAD_KINDS.*) */
  kind: string;
  label: string;
  /** the file input's accept ('' = any) */
  accept: string;
  /** formats and size the field takes, shown under it */
  hint: string;
  /** the stored file, with a link to open it */
  current?: { name: string; url: string | null } | null;
  disabled?: boolean;
  /** why the file cannot change (spec 2 §4.2), shown instead of the button */
  lockedReason?: string | null;
  /** a translated error of the field */
  error?: string | null;
  /** checks a chosen file before it is sent; a translation key when refused */
  check?(file: File): string | null;
  /** a finished upload's id, or null when it was cancelled or replaced */
  onUploaded(uploadId: string | null, file: File | null): void;
  onRefused(messageKey: string): void;
  /** whether an upload is running (the dialog's Save waits for it) */
  onBusyChange?(busy: boolean): void;
}

/**
 * One file, sent with tus as soon as it is chosen (resumable, with a progress bar, pause,
 * resume and cancel: DESIGN "Files and media"); the form then refers to it by upload id.
 */
export function TusFileField(props: TusFileFieldProps) {
  const { kind, label, accept, hint, current, disabled, lockedReason, error, check, onUploaded, onRefused, onBusyChange } = props;
  const translate = useTranslate();
  const upload = useTusUpload({ kind });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { state } = upload;
  const callbacks = useRef({ onUploaded, onBusyChange });
  callbacks.current = { onUploaded, onBusyChange };

  useEffect(() => {
    callbacks.current.onBusyChange?.(state.status === 'uploading' || state.status === 'paused');
    if (state.status === 'done') callbacks.current.onUploaded(state.uploadId, state.file);
    else if (state.status === 'idle') callbacks.current.onUploaded(null, null);
  }, [state]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = check?.(file) ?? null;
    if (refused) {
      onRefused(refused);
      return;
    }
    upload.start(file);
  };

  const locked = !!lockedReason;
  return (
    <Box>
      <Typography variant="body2" component="label" htmlFor={inputId} sx={{ display: 'block', mb: 0.5 }} color={error ? 'error' : 'textSecondary'}>
        {label}
      </Typography>
      {current && state.status === 'idle' && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {current.url ? <Link href={current.url} target="_blank" rel="noopener noreferrer">{current.name}</Link> : current.name}
        </Typography>
      )}
      {locked ? (
        <Alert severity="info" sx={{ mb: 1 }}>{lockedReason}</Alert>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <input ref={input} id={inputId} type="file" hidden accept={accept || undefined} onChange={choose} disabled={disabled} data-testid={`${kind}-file`} />
          <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={disabled} onClick={() => input.current?.click()}>
            {translate(current || state.status !== 'idle' ? 'resources.trainings.modules.file.replace' : 'resources.trainings.modules.file.choose')}
          </Button>
          <Typography variant="caption" color="textSecondary">{hint}</Typography>
        </Stack>
      )}
      <UploadProgress upload={upload} />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
