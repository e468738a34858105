import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { CLIENT_LOGO_MAX_BYTES, CLIENT_LOGO_PATH, CLIENT_LOGO_UPLOAD_KIND, type ClientLogoInput, type Configuration } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import { UploadProgress } from '../../common/upload/UploadProgress.tsx';
import { useTusUpload } from '../../common/upload/useTusUpload.ts';

const R = 'resources.configuration.logo';
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** The browser's first look at the file (the server checks its content): a png or jpeg, small. */
export function logoFileProblem(file: File): string | null {
  if (!/\.(png|jpe?g)$/i.test(file.name)) return `${R}.not_image`;
  return file.size > CLIENT_LOGO_MAX_BYTES ? 'errors.file_too_large' : null;
}

/**
 * The selected client's logo (spec 3 §2: the printed attendance and results lists carry it):
 * uploaded with tus as every file (DESIGN "Files and media": the server checks it is a png or
 * jpeg by its content), saved as soon as the upload ends, and removable. `onSaved` takes the
 * configuration the server answers.
 */
export function ClientLogo({ logo, onSaved }: { logo: string; onSaved(saved: Configuration): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const upload = useTusUpload({ kind: CLIENT_LOGO_UPLOAD_KIND });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (body: ClientLogoInput) => {
    setBusy(true);
    try {
      onSaved(await http.json<Configuration>(CLIENT_LOGO_PATH, 'PUT', body));
      notify(body.upload ? `${R}.saved` : `${R}.removed`, { type: 'success' });
    } catch (failure) {
      setProblem(`errors.${(failure as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`);
    } finally {
      setBusy(false);
      upload.cancel();
    }
  };

  const uploadId = upload.state.status === 'done' ? upload.state.uploadId : null;
  useEffect(() => {
    if (uploadId) void save({ upload: uploadId });
    // save once per finished upload
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploadId]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found);
    if (!found) upload.start(file);
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">{translate(`${R}.label`)}</Typography>
      <Box sx={{
        width: 240, maxWidth: '100%', height: 72, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex',
        alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 1,
      }}>
        {logo
          ? <Box component="img" src={logo} alt={translate(`${R}.alt`)} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          : <Typography variant="body2" color="text.secondary">{translate(`${R}.none`)}</Typography>}
      </Box>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy || upload.state.status === 'uploading'}>
          {translate(logo ? `${R}.replace` : `${R}.upload`)}
          <input hidden type="file" accept={ACCEPT} onChange={onFile} aria-label={translate(`${R}.upload`)} />
        </Button>
        {logo && <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => void save({ upload: null })}>{translate(`${R}.remove`)}</Button>}
      </Stack>
      <Typography variant="caption" color="text.secondary">{translate(`${R}.help`)}</Typography>
      {upload.state.status !== 'done' && <UploadProgress upload={upload} />}
      {problem && <Alert severity="error">{translate(problem)}</Alert>}
    </Stack>
  );
}
