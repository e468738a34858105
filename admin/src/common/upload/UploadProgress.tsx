import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import type { TusUploadControls } from './useTusUpload.ts';

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Progress bar with % and the pause / resume / cancel buttons of a tus upload. */
export function UploadProgress({ upload }: { upload: TusUploadControls }) {
  const translate = useTranslate();
  const { state, percent } = upload;
  if (state.status === 'idle') return null;

  if (state.status === 'done') {
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status">
        <CheckCircleIcon color="success" fontSize="small" />
        <Typography variant="body2">
          {translate('admin.upload.done')}: {state.file.name} ({fileSize(state.file.size)})
        </Typography>
      </Stack>
    );
  }

  return (
    <Box>
      <Typography variant="body2" gutterBottom>
        {translate('admin.upload.uploading', { file: state.file.name })}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={translate('admin.upload.progress')}
          color={state.status === 'error' ? 'error' : 'primary'}
          sx={{ flex: 1, height: 8, borderRadius: 1 }}
        />
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
          {percent}%
        </Typography>
      </Stack>
      {state.status === 'error' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(state.message)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {state.status === 'uploading' && (
          <Button size="small" onClick={upload.pause}>
            {translate('admin.upload.pause')}
          </Button>
        )}
        {state.status === 'paused' && (
          <Button size="small" onClick={upload.resume}>
            {translate('admin.upload.resume')}
          </Button>
        )}
        {state.status === 'error' && (
          <Button size="small" onClick={upload.resume}>
            {translate('admin.upload.retry')}
          </Button>
        )}
        <Button size="small" color="error" onClick={upload.cancel}>
          {translate('admin.upload.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
