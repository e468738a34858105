import { Alert, Divider } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ImportRecord } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { ImportLogs } from './ImportLogs.tsx';
import { ProcessImportButton } from './ProcessImportButton.tsx';
import {
  ImportCounts,
  ImportProgress,
  ImportStatusChip,
  ImportTypeField,
  isRunning,
  POLL_MS,
  RESOURCE_KEY,
} from './importFields.tsx';

interface RecordQuery {
  state: { data?: ImportRecord };
}

/** spec 1 §4.3: poll every 2 s while awaiting/processing, stop once validated, finished or failed. */
export const refetchWhileRunning = (query: RecordQuery) => (isRunning(query.state.data?.status) ? POLL_MS : false);

function ImportShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <ProcessImportButton />
    </TopToolbar>
  );
}

function ImportTitle() {
  const record = useRecordContext<ImportRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <span>
      {translate(`${RESOURCE_KEY}.name`, { smart_count: 1 })} #{record.id}
    </span>
  );
}

function ImportDetail() {
  const record = useRecordContext<ImportRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <SimpleShowLayout>
        <TextField source="id" />
        <ImportTypeField source="import_type" label={`${RESOURCE_KEY}.fields.import_type`} />
        <TextField source="file_name" />
        <ImportStatusChip source="status" label={`${RESOURCE_KEY}.fields.status`} />
        <FunctionField<ImportRecord>
          source="phase"
          render={(r) => (r.phase ? translate(`${RESOURCE_KEY}.phases.${r.phase}`) : '—')}
        />
        <Labeled label={`${RESOURCE_KEY}.fields.progress`}>
          <ImportProgress />
        </Labeled>
        <TextField source="total_rows" emptyText="—" />
        <Labeled label={`${RESOURCE_KEY}.fields.counts`}>
          <ImportCounts />
        </Labeled>
        <FunctionField<ImportRecord> source="created_by" render={(r) => r.created_by?.full_name ?? ''} />
        <CreatedAtField source="created_at" />
        <CreatedAtField source="finished_at" />
      </SimpleShowLayout>
      {record.status === 'validated' && (
        <Alert severity={record.error_count > 0 ? 'warning' : 'info'} sx={{ mx: 2, mb: 2 }}>
          {record.error_count > 0
            ? translate(`${RESOURCE_KEY}.process.validated_with_errors_hint`, { smart_count: record.error_count })
            : translate(`${RESOURCE_KEY}.process.validated_hint`)}
        </Alert>
      )}
      {(record.status === 'finalized' || record.status === 'with_errors') && (
        // issue 25 item 5: a finished import says how many rows went in, not only "with errors"
        <Alert severity={record.error_count > 0 ? 'warning' : 'success'} sx={{ mx: 2, mb: 2 }} data-testid="import-summary">
          {importSummary(translate, record)}
        </Alert>
      )}
      <Divider />
      <ImportLogs importId={record.id} status={record.status} />
    </>
  );
}

/** spec 1 §2.3 admin-import/{id}: the import, its progress, "process" and its logs. */
export function ImportShow() {
  return (
    <Show
      title={<ImportTitle />}
      actions={<ImportShowActions />}
      queryOptions={{ refetchInterval: refetchWhileRunning }}
    >
      <ImportDetail />
    </Show>
  );
}

export default ImportShow;

/** "N rows imported, M with errors" (each count pluralised through polyglot's smart_count). */
export function importSummary(translate: (key: string, options?: object) => string, record: Pick<ImportRecord, 'created_count' | 'updated_count' | 'error_count'>): string {
  const imported = translate(`${RESOURCE_KEY}.summary.imported`, { smart_count: record.created_count + record.updated_count });
  if (record.error_count === 0) return imported;
  return translate(`${RESOURCE_KEY}.summary.with_errors`, { imported, smart_count: record.error_count });
}
