import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { IMPORT_MAX_BYTES, XLSX_MIME, type ImportLog, type ImportRecord } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';
import { saveBlob } from '../http/saveBlob.ts';
import { UploadProgress } from '../upload/UploadProgress.tsx';
import { useTusUpload } from '../upload/useTusUpload.ts';

const POLL_MS = 1000;
/** the imports screen's texts: the same steps */
export const IMPORT_TEXTS = 'resources.admin-imports';
const I = IMPORT_TEXTS;

/** The imports screen's file checks (spec 1 §8.5 150 MB): an .xlsx, not empty. */
function importFileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return `${I}.errors.not_xlsx`;
  if (file.size > IMPORT_MAX_BYTES) return 'errors.file_too_large';
  return file.size === 0 ? `${I}.errors.empty_file` : null;
}
const errorKey = (error: unknown) => `errors.${(error as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`;
export const settledImport = (r: ImportRecord) => r.status !== 'awaiting' && r.status !== 'processing';

/** Where one record's imports live on the API (an appointment's, a reward's codes). */
export interface RecordImportPaths {
  template: string;
  /** POST: save the uploaded file and validate it */
  create: string;
  item(importId: number): string;
  logs(importId: number): string;
  process(importId: number): string;
}

export interface RecordImportDialogProps {
  label: string;
  open: boolean;
  onOpen(): void;
  onClose(): void;
  /** the tus upload kind the server checks the file against */
  uploadKind: string;
  paths: RecordImportPaths;
  /** the create call's body, with the finished upload */
  createBody(uploadId: string): object;
  templateName: string;
  /** the counts line once an import exists */
  counts(record: ImportRecord): string;
  /** an import to show (a notification's link), with its reported lines */
  shown?: { record: ImportRecord; errors: ImportLog[] } | null;
  /** after a processing pass ends: the screen reloads what the import wrote */
  onDone(): void;
  button?: ReactNode;
}

/** The reported lines of a finished pass. */
export const importErrors = async (http: ReturnType<typeof useContractHttp>, logsPath: string) =>
  (await http.json<{ results: ImportLog[] }>(`${logsPath}?page_size=0&log_type=error`, 'GET')).results;

/**
 * An import into one record (imports.target_id), the imports screen's steps in a dialog: download
 * the template, upload the .xlsx (tus), save and validate, read the lines reported, then process.
 * The one shape behind every record's import button (an appointment's results and subscriptions,
 * a reward's redeem codes).
 */
export function RecordImportDialog(props: RecordImportDialogProps) {
  const { label, open, onOpen, onClose, uploadKind, paths, createBody, templateName, counts, shown, onDone, button } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const upload = useTusUpload({ kind: uploadKind, filetype: XLSX_MIME });
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState<ImportRecord | null>(null);
  const [errors, setErrors] = useState<ImportLog[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!shown) return;
    setRecord(shown.record);
    setErrors(shown.errors);
  }, [shown]);

  // follows the running pass until it ends, then reads its reported lines
  useEffect(() => {
    if (!record || settledImport(record)) return undefined;
    const timer = window.setTimeout(() => {
      http.json<ImportRecord>(paths.item(record.id), 'GET').then(async (next) => {
        if (settledImport(next)) {
          setErrors(await importErrors(http, paths.logs(record.id)));
          if (record.phase === 'process') onDone();
        }
        setRecord(next);
      }, () => undefined);
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [record, http, paths, onDone]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = importFileProblem(file);
    setProblem(found);
    if (found) upload.cancel();
    else upload.start(file);
  };
  const run = async (step: () => Promise<ImportRecord>) => {
    setBusy(true);
    try {
      setErrors([]);
      setRecord(await step());
    } catch (error) {
      setProblem(errorKey(error));
    } finally {
      setBusy(false);
    }
  };
  const template = async () => {
    try {
      const { blob, filename } = await http.file(paths.template);
      saveBlob(blob, filename ?? templateName);
    } catch {
      notify(`${I}.errors.template_failed`, { type: 'error' });
    }
  };
  const uploadId = upload.state.status === 'done' ? upload.state.uploadId : null;
  const validate = () => run(() => http.json<ImportRecord>(paths.create, 'POST', createBody(uploadId!)));
  const processIt = () => run(() => http.json<ImportRecord>(paths.process(record!.id), 'POST', {}));
  const close = () => {
    setRecord(null);
    setErrors([]);
    setProblem(null);
    upload.cancel();
    onClose();
  };

  return (
    <>
      {button ?? <Button startIcon={<UploadFileIcon />} onClick={onOpen}>{label}</Button>}
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Button startIcon={<DownloadIcon />} onClick={() => void template()} sx={{ alignSelf: 'flex-start' }}>{translate(`${I}.create.download_template`)}</Button>
            {!record && (
              <Box>
                <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
                  {translate(`${I}.create.file_label`)}
                  <input hidden type="file" accept={`.xlsx,${XLSX_MIME}`} onChange={onFile} />
                </Button>
                <UploadProgress upload={upload} />
              </Box>
            )}
            {problem && <Alert severity="error">{translate(problem)}</Alert>}
            {record && <Typography>{`${translate(`${I}.fields.status`)}: ${translate(`${I}.statuses.${record.status}`)} — ${counts(record)}`}</Typography>}
            {errors.map((e) => <Alert key={e.id} severity="warning">{e.line === null ? e.content : `${e.line}: ${e.content}`}</Alert>)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
          {!record && <Button variant="contained" disabled={!uploadId || busy} onClick={() => void validate()}>{translate(`${I}.create.save_and_validate`)}</Button>}
          {record?.status === 'validated' && <Button variant="contained" disabled={busy} onClick={() => void processIt()}>{translate(`${I}.process.button`)}</Button>}
        </DialogActions>
      </Dialog>
    </>
  );
}
