import { useState, type ChangeEvent } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemIcon, ListItemText,
  Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import DownloadIcon from '@mui/icons-material/Download';
import InfoIcon from '@mui/icons-material/Info';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { TEST_IMPORT_MAX_BYTES, XLSX_MIME, type TestOwnerContract, type TrainingTestImportRow } from '@lp/shared/contract';
import { apiClient } from '../../../apiClient.ts';
import { attachmentName, toHttpError } from '../../../dataProvider.ts';
import { UploadProgress } from '../../upload/UploadProgress.tsx';
import { useTusUpload } from '../../upload/useTusUpload.ts';
import { saveBlob } from '../../http/saveBlob.ts';
import { TESTS_KEY as KEY } from './quizData.ts';
import { useContractHttp } from '../../http/index.ts';

/** A validated question (spec 2 §3.4 import validation result) in the screen's names. */
interface ImportRow {
  id: number;
  title: string;
  answers: Array<{ title: string; is_correct: boolean }>;
  error: boolean;
  errors: string[];
  wire: Record<string, unknown>;
}

const readRow = (owner: TestOwnerContract, wire: Record<string, unknown>): ImportRow => {
  const row = wire as unknown as TrainingTestImportRow;
  return {
    id: row.id,
    title: row.title,
    answers: (wire[owner.answersField] as ImportRow['answers'] | undefined) ?? [],
    error: row.error,
    errors: row.errors ?? [],
    wire,
  };
};

/** spec 2 §9: question titles in tables, first 100 characters. */
const first100 = (text: string) => Array.from(text).slice(0, 100).join('');

/** The file problem, as a translation key, before anything is sent. */
function fileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return `${KEY}.import.not_xlsx`;
  if (file.size > TEST_IMPORT_MAX_BYTES) return 'errors.file_too_large';
  return null;
}

export interface ImportQuizDialogProps {
  owner: TestOwnerContract;
  testId: number;
  onClose(): void;
  /** the questions were created */
  onImported(): void;
}

/**
 * spec 2 §2.3 import test dialog: download the template, upload the xlsx (tus), 'upload test'
 * (disabled until the upload is done) validates it into a table — #, question (100
 * characters), alternatives count, status, details — with rows in error in red; Save runs the
 * import. §8: test_validation_success / _error (the file is cleared on error),
 * test_import_success / _error, generating_import_test_template.
 */
export function ImportQuizDialog({ owner, testId, onClose, onImported }: ImportQuizDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const upload = useTusUpload({ kind: owner.uploadKind, filetype: XLSX_MIME });
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [details, setDetails] = useState<ImportRow | null>(null);
  const [busy, setBusy] = useState<'template' | 'validate' | 'import' | null>(null);
  const [validatedUpload, setValidatedUpload] = useState<string | null>(null);

  const downloadTemplate = async () => {
    setBusy('template');
    notify(`${KEY}.generating_import_test_template`, { type: 'info' });
    try {
      // spec 2 §7.1: ?import_type=1 → {path_url} for trainings; §7.3: no query → {template_download_url} for webcasts
      const query = owner.importType === null ? '' : `?import_type=${owner.importType}`;
      const answer = await http.json<Record<string, string>>(`${owner.importTemplate(testId)}${query}`, 'GET');
      const url = answer[owner.templateUrlField]!;
      // the link needs the bearer token (and its refresh): fetched as a blob, then saved
      const res = await apiClient.request(url.replace(/^\/api(?=\/)/, ''));
      if (!res.ok) throw toHttpError(res.status, await res.json().catch(() => undefined));
      saveBlob(await res.blob(), attachmentName(res.headers.get('Content-Disposition')) ?? 'template.xlsx');
    } catch (error) {
      console.error('test template failed', error);
      notify(`${KEY}.import.template_failed`, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    setRows(null);
    const found = fileProblem(file);
    setProblem(found);
    if (found) {
      upload.cancel();
      return;
    }
    upload.start(file);
  };

  const uploaded = upload.state.status === 'done' && upload.state.uploadId !== validatedUpload ? upload.state : null;

  const validate = async () => {
    if (!uploaded) return;
    setBusy('validate');
    try {
      const answer = await http.form<Array<Record<string, unknown>>>(owner.validateArchive(testId), 'POST', { file_url: uploaded.url });
      setRows(answer.map((r) => readRow(owner, r)));
      // the server reads an upload once: validating again needs the file uploaded again
      setValidatedUpload(uploaded.uploadId);
      notify(`${KEY}.test_validation_success`, { type: 'success' });
    } catch (error) {
      console.error('test import validation failed', error);
      notify(`${KEY}.test_validation_error`, { type: 'error' });
      setRows(null);
      // spec 2 §8: on error the file is cleared
      upload.cancel();
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!rows) return;
    setBusy('import');
    try {
      await http.json(owner.startImport(testId), 'POST', rows.map((r) => r.wire));
      notify(`${KEY}.test_import_success`, { type: 'success' });
      onImported();
    } catch (error) {
      console.error('test import failed', error);
      notify(`${KEY}.test_import_error`, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const valid = rows?.filter((r) => !r.error).length ?? 0;
  const uploading = upload.state.status === 'uploading' || upload.state.status === 'paused';

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="import-test-title">
        <DialogTitle id="import-test-title">{translate(`${KEY}.import.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              <Button startIcon={<DownloadIcon />} disabled={busy === 'template'} onClick={() => void downloadTemplate()}>
                {translate(`${KEY}.import.download_template`)}
              </Button>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={uploading || busy !== null}>
                {translate('admin.upload.choose_file')}
                <input hidden type="file" accept={`.xlsx,${XLSX_MIME}`} aria-label={translate(`${KEY}.import.file`)} onChange={onFile} />
              </Button>
              <Button variant="contained" disabled={!uploaded || busy !== null} onClick={() => void validate()}>
                {translate(`${KEY}.import.upload_test`)}
              </Button>
              <Typography variant="body2" color="text.secondary">{translate(`${KEY}.import.file_hint`)}</Typography>
            </Stack>
            {problem && <Alert severity="error">{translate(problem)}</Alert>}
            <UploadProgress upload={upload} />
            {rows && (
              <>
                <Typography variant="body2" role="status">
                  {translate(`${KEY}.import.summary`, {
                    valid: translate(`${KEY}.counts.valid`, { smart_count: valid }),
                    invalid: translate(`${KEY}.counts.invalid`, { smart_count: rows.length - valid }),
                  })}
                </Typography>
                <Table size="small" aria-label={translate(`${KEY}.import.questions`)}>
                  <TableHead>
                    <TableRow>
                      <TableCell>#</TableCell>
                      <TableCell>{translate(`${KEY}.import.columns.question`)}</TableCell>
                      <TableCell>{translate(`${KEY}.import.columns.alternatives`)}</TableCell>
                      <TableCell>{translate(`${KEY}.import.columns.status`)}</TableCell>
                      <TableCell align="right">{translate(`${KEY}.import.columns.details`)}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow
                        key={row.id}
                        data-status={row.error ? 'error' : 'ok'}
                        sx={row.error ? { bgcolor: 'error.light', '& td': { color: 'error.contrastText' } } : undefined}
                      >
                        <TableCell>{row.id}</TableCell>
                        <TableCell>{first100(row.title)}</TableCell>
                        <TableCell>{row.answers.length}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={row.error ? 'error' : 'success'}
                            label={translate(`${KEY}.import.${row.error ? 'status_error' : 'status_ok'}`)}
                          />
                        </TableCell>
                        <TableCell align="right">
                          <IconButton size="small" aria-label={translate(`${KEY}.import.details_of`, { n: row.id })} onClick={() => setDetails(row)}>
                            <InfoIcon fontSize="small" />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={valid === 0 || busy !== null} onClick={() => void runImport()}>{translate('ra.action.save')}</Button>
        </DialogActions>
      </Dialog>
      {details && <ImportDetailsDialog rows={rows ?? []} current={details.id} onClose={() => setDetails(null)} />}
    </>
  );
}

/** spec 2 §2.3: each question with its answers marked correct or incorrect; questions in error in red. */
function ImportDetailsDialog({ rows, current, onClose }: { rows: ImportRow[]; current: number; onClose(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="import-details-title">
      <DialogTitle id="import-details-title">{translate(`${KEY}.import.details`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {rows.map((row) => (
            <Box
              key={row.id}
              component="section"
              aria-label={translate(`${KEY}.import.question_n`, { n: row.id })}
              data-status={row.error ? 'error' : 'ok'}
              ref={(node: HTMLElement | null) => {
                if (node && row.id === current) node.scrollIntoView?.({ block: 'nearest' });
              }}
              sx={{ p: 1, borderRadius: 1, border: 1, borderColor: row.error ? 'error.main' : 'divider', color: row.error ? 'error.main' : undefined }}
            >
              <Typography variant="subtitle2">{row.id}. {row.title || translate(`${KEY}.import.no_title`)}</Typography>
              {row.errors.map((code) => (
                <Typography key={code} variant="body2" color="error">{translate(`errors.${code}`)}</Typography>
              ))}
              <List dense>
                {row.answers.map((a, i) => (
                  <ListItem key={i}>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {a.is_correct ? <CheckCircleIcon color="success" fontSize="small" /> : <CancelIcon color="disabled" fontSize="small" />}
                    </ListItemIcon>
                    <ListItemText primary={a.title} secondary={translate(`${KEY}.${a.is_correct ? 'correct' : 'incorrect'}`)} />
                  </ListItem>
                ))}
              </List>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
