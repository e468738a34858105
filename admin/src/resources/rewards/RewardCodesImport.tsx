import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import {
  ADMIN_RESOURCES, IMPORT_MAX_BYTES, REWARD_CODES_UPLOAD_KIND, REWARD_PATHS as P, XLSX_MIME,
  type ImportLog, type ImportRecord, type RewardCodesImportCreate,
} from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import { saveBlob } from '../../common/http/saveBlob.ts';
import { UploadProgress } from '../../common/upload/UploadProgress.tsx';
import { useTusUpload } from '../../common/upload/useTusUpload.ts';

const POLL_MS = 1000;
/** the imports screen's texts (the same steps) */
const I = 'resources.admin-imports';
const K = `resources.${ADMIN_RESOURCES.reward_catalog.name}`;

/** The imports screen's file checks (spec 1 §8.5): an .xlsx, not empty. */
function importFileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return `${I}.errors.not_xlsx`;
  if (file.size > IMPORT_MAX_BYTES) return 'errors.file_too_large';
  return file.size === 0 ? `${I}.errors.empty_file` : null;
}
const errorKey = (error: unknown) => `errors.${(error as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`;
const settledStatus = (r: ImportRecord) => r.status !== 'awaiting' && r.status !== 'processing';

/**
 * A reward's redeem codes from xlsx (spec 3 §3 "redeem codes importable from xlsx"), the imports
 * screen's steps in a dialog: download the template, upload the .xlsx (tus), save and validate,
 * read the lines reported (a code the reward already has is skipped and listed), then process;
 * `onDone` reloads the reward (its codes available).
 */
export function RewardCodesImport({ rewardId, onDone }: { rewardId: number; onDone(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const upload = useTusUpload({ kind: REWARD_CODES_UPLOAD_KIND, filetype: XLSX_MIME });
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState<ImportRecord | null>(null);
  const [errors, setErrors] = useState<ImportLog[]>([]);
  const [busy, setBusy] = useState(false);

  // follows the running pass until it ends, then reads its reported lines
  useEffect(() => {
    if (!record || settledStatus(record)) return undefined;
    const timer = window.setTimeout(() => {
      http.json<ImportRecord>(P.codesImport(rewardId, record.id), 'GET').then(async (next) => {
        if (settledStatus(next)) {
          const logs = await http.json<{ results: ImportLog[] }>(`${P.codesImportLogs(rewardId, record.id)}?page_size=0&log_type=error`, 'GET');
          setErrors(logs.results);
          if (record.phase === 'process') onDone();
        }
        setRecord(next);
      }, () => undefined);
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [record, http, rewardId, onDone]);

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
      const { blob, filename } = await http.file(P.codesTemplate(rewardId));
      saveBlob(blob, filename ?? 'reward-codes.xlsx');
    } catch {
      notify(`${I}.errors.template_failed`, { type: 'error' });
    }
  };
  const uploadId = upload.state.status === 'done' ? upload.state.uploadId : null;
  const validate = () => run(() => http.json<ImportRecord>(P.codesImports(rewardId), 'POST', { upload_id: uploadId! } satisfies RewardCodesImportCreate));
  const processIt = () => run(() => http.json<ImportRecord>(P.codesImportProcess(rewardId, record!.id), 'POST', {}));
  const close = () => {
    setOpen(false);
    setRecord(null);
    setErrors([]);
    setProblem(null);
    upload.cancel();
  };
  const label = translate(`${K}.codes_import`);

  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} sx={{ mt: 1, ml: 1 }}>{label}</Button>
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
            {record && (
              <Typography>
                {`${translate(`${I}.fields.status`)}: ${translate(`${I}.statuses.${record.status}`)} — ${translate(`${K}.codes_import_counts`, { created: record.created_count, reported: record.error_count })}`}
              </Typography>
            )}
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
