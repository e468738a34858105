import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  ListButton,
  Title,
  TopToolbar,
  useCreate,
  useNotify,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import {
  ADMIN_RESOURCES, IMPORT_TYPES, XLSX_MIME, isTargetImportType, type ImportCreate as ImportCreateBody, type ImportRecord, type ImportType,
} from '@lp/shared/contract';
import { useImportActions } from './importActions.ts';
import { UploadProgress } from '../../common/upload/UploadProgress.tsx';
import { useTusUpload } from '../../common/upload/useTusUpload.ts';
import { importFileProblem, RESOURCE_KEY, useImportErrorMessage } from './importFields.tsx';
import { saveBlob } from '../../common/http/saveBlob.ts';

/**
 * spec 1 §2.3/§4.3 "save and validate": pick the type, (download its template), upload the
 * .xlsx with tus, then create the import, which the server validates before it can be processed.
 */
export function ImportCreate() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? ADMIN_RESOURCES.imports.name;
  const importActions = useImportActions();
  const notify = useNotify();
  const redirect = useRedirect();
  const errorMessage = useImportErrorMessage();
  // the body is the contract's ImportCreate; the answer is the new ImportRecord
  const [create, { isPending: saving }] = useCreate<ImportRecord & Partial<ImportCreateBody>>();
  const upload = useTusUpload({ kind: 'import', filetype: XLSX_MIME });
  const [importType, setImportType] = useState<ImportType>('users');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    setSaveError(null);
    const problem = importFileProblem(file);
    setFileProblem(problem);
    if (problem) {
      upload.cancel();
      return;
    }
    upload.start(file);
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await importActions.template(importType);
      saveBlob(blob, filename);
    } catch {
      notify(`${RESOURCE_KEY}.errors.template_failed`, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const uploadId = upload.state.status === 'done' ? upload.state.uploadId : null;

  const saveAndValidate = () => {
    if (!uploadId) return;
    setSaveError(null);
    create(
      resource,
      { data: { import_type: importType, upload_id: uploadId } satisfies ImportCreateBody },
      {
        onSuccess: (record) => {
          notify(`${RESOURCE_KEY}.create.created`, { type: 'info' });
          redirect('show', resource, record.id);
        },
        onError: (error) => setSaveError(errorMessage(error)),
      },
    );
  };

  const uploading = upload.state.status === 'uploading' || upload.state.status === 'paused';

  return (
    <Box>
      <Title title={`${RESOURCE_KEY}.create.title`} />
      <TopToolbar>
        <ListButton />
      </TopToolbar>
      <Card>
        <CardContent>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              <TextField
                select
                label={translate(`${RESOURCE_KEY}.create.type_label`)}
                value={importType}
                onChange={(event) => setImportType(event.target.value as ImportType)}
                sx={{ minWidth: 240 }}
              >
                {IMPORT_TYPES.filter((type) => !isTargetImportType(type)).map((type) => (
                  <MenuItem key={type} value={type}>
                    {translate(`${RESOURCE_KEY}.types.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                startIcon={<DownloadIcon />}
                onClick={() => void downloadTemplate()}
                disabled={downloading}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {translate(`${RESOURCE_KEY}.create.download_template`)}
              </Button>
            </Stack>

            <Box>
              <Typography variant="subtitle2" gutterBottom>
                {translate(`${RESOURCE_KEY}.create.file_label`)}
              </Typography>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={uploading}>
                {translate('admin.upload.choose_file')}
                <input
                  hidden
                  type="file"
                  accept={`.xlsx,${XLSX_MIME}`}
                  onChange={onFile}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate(`${RESOURCE_KEY}.create.file_hint`)}
              </Typography>
              {fileProblem && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {translate(fileProblem)}
                </Alert>
              )}
            </Box>

            <UploadProgress upload={upload} />

            {saveError && <Alert severity="error">{saveError}</Alert>}

            <Box>
              <Button variant="contained" onClick={saveAndValidate} disabled={!uploadId || saving}>
                {translate(`${RESOURCE_KEY}.create.save_and_validate`)}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

export default ImportCreate;
