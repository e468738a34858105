import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { usePermissions, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  APPOINTMENT_IMPORT_PERMISSIONS, APPOINTMENT_IMPORT_QUERY, IMPORT_MAX_BYTES, PRESENTIAL_IMPORT_UPLOAD_KIND, PRESENTIAL_RESULT_PATHS as P, XLSX_MIME,
  type AppointmentImportCreate, type AppointmentImportType, type ImportLog, type ImportRecord, type SessionUser,
} from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { saveBlob } from '../../common/http/saveBlob.ts';
import { UploadProgress } from '../../common/upload/UploadProgress.tsx';
import { useTusUpload } from '../../common/upload/useTusUpload.ts';
import { K } from './presentialUi.ts';

const POLL_MS = 1000;
/** the imports screen's texts (the same steps) */
const I = 'resources.admin-imports';

/** The imports screen's file checks (spec 1 §8.5 150 MB): an .xlsx, not empty. */
function importFileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return `${I}.errors.not_xlsx`;
  if (file.size > IMPORT_MAX_BYTES) return 'errors.file_too_large';
  return file.size === 0 ? `${I}.errors.empty_file` : null;
}
const errorKey = (error: unknown) => `errors.${(error as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`;
const settledStatus = (r: ImportRecord) => r.status !== 'awaiting' && r.status !== 'processing';

/**
 * An appointment's import (issue 17 item 5; spec 3 §2 "import results"; spec 1 §6.2
 * presential_import_results, subscription_import_results), the imports screen's steps in a dialog:
 * download the template, upload the .xlsx (tus), save and validate, read the lines in error, then
 * process; `onDone` reloads the tab. Shown only with the type's module item. The notification at
 * the end of a pass links here with `?import={id}`: the dialog opens on that import and its lines
 * in error (the imports screen is the superuser's; this tab is the importer's).
 */
export function AppointmentImportButton({ appointmentId, type, onDone }: { appointmentId: number; type: AppointmentImportType; onDone(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const upload = useTusUpload({ kind: PRESENTIAL_IMPORT_UPLOAD_KIND, filetype: XLSX_MIME });
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState<ImportRecord | null>(null);
  const [errors, setErrors] = useState<ImportLog[]>([]);
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(APPOINTMENT_IMPORT_QUERY)) || null;
  const allowed = !!user && hasPermission(user, APPOINTMENT_IMPORT_PERMISSIONS[type]);

  // the import a notification names: shown with its error lines (another type's is the other tab's)
  useEffect(() => {
    if (!linked || !allowed) return undefined;
    let live = true;
    http.json<ImportRecord>(P.importItem(appointmentId, linked), 'GET').then(async (found) => {
      if (!live || found.import_type !== type) return;
      setOpen(true);
      setRecord(found);
      if (settledStatus(found)) {
        const logs = await http.json<{ results: ImportLog[] }>(`${P.importLogs(appointmentId, found.id)}?page_size=0&log_type=error`, 'GET');
        if (live) setErrors(logs.results);
      }
    }, () => { if (live) notify(`${K}.imports.not_found`, { type: 'warning' }); });
    return () => { live = false; };
  }, [linked, allowed, http, appointmentId, type, notify]);

  // follows the running pass until it ends, then reads its error lines
  useEffect(() => {
    if (!record || settledStatus(record)) return undefined;
    const timer = window.setTimeout(() => {
      http.json<ImportRecord>(P.importItem(appointmentId, record.id), 'GET').then(async (next) => {
        if (settledStatus(next)) {
          const logs = await http.json<{ results: ImportLog[] }>(`${P.importLogs(appointmentId, record.id)}?page_size=0&log_type=error`, 'GET');
          setErrors(logs.results);
          if (record.phase === 'process') onDone();
        }
        setRecord(next);
      }, () => undefined);
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [record, http, appointmentId, onDone]);

  if (!allowed) return null;

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
      const { blob, filename } = await http.file(P.importTemplate(appointmentId, type));
      saveBlob(blob, filename ?? `${type}.xlsx`);
    } catch {
      notify(`${I}.errors.template_failed`, { type: 'error' });
    }
  };
  const uploadId = upload.state.status === 'done' ? upload.state.uploadId : null;
  const validate = () => run(() => http.json<ImportRecord>(P.imports(appointmentId), 'POST', { import_type: type, upload_id: uploadId! } satisfies AppointmentImportCreate));
  const processIt = () => run(() => http.json<ImportRecord>(P.importProcess(appointmentId, record!.id), 'POST', {}));
  const close = () => {
    setOpen(false);
    setRecord(null);
    setErrors([]);
    setProblem(null);
    upload.cancel();
    if (linked) {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(APPOINTMENT_IMPORT_QUERY);
        return next;
      }, { replace: true });
    }
  };
  const label = translate(`${K}.imports.${type === 'presential_results' ? 'results' : 'subscriptions'}`);

  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>{label}</Button>
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
                {`${translate(`${I}.fields.status`)}: ${translate(`${I}.statuses.${record.status}`)} — ${translate(`${I}.fields.counts`)}: ${record.created_count} / ${record.updated_count} / ${record.error_count}`}
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
