import { useEffect, useRef } from 'react';
import { Typography } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, useListContext, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type ImportLog, type ImportStatus } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { logFilters } from './importFilters.tsx';
import { isRunning, LogTypeChip, LOGS_KEY, POLL_MS } from './importFields.tsx';

/** New entries arrive with each pass: reload when the import's status changes. */
function RefetchOnStatus({ status }: { status: ImportStatus }) {
  const { refetch } = useListContext();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== status) {
      previous.current = status;
      void refetch();
    }
  }, [status, refetch]);
  return null;
}

/**
 * spec 1 §3.7 log entries {import type, log type, line, content}, paged and filtered by the server:
 * the nested resource admin-imports/{id}/logs. Its columns name their labels: the resource name is
 * no translation key.
 */
export function ImportLogs({ importId, status }: { importId: number; status: ImportStatus }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {translate(`${LOGS_KEY}.title`)}
      </Typography>
      <List
        resource={nestedResource(ADMIN_RESOURCES.imports.name, importId, 'logs')}
        filters={logFilters}
        actions={false}
        title={false}
        component="div"
        disableSyncWithLocation
        storeKey={false}
        perPage={DEFAULT_PER_PAGE}
        sort={{ field: 'id', order: 'ASC' }}
        pagination={<ListPagination />}
        empty={false}
        queryOptions={{ refetchInterval: isRunning(status) ? POLL_MS : false }}
      >
        <RefetchOnStatus status={status} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }}>{translate(`${LOGS_KEY}.empty`)}</Typography>}
        >
          <FunctionField<ImportLog>
            source="import_type"
            label={`${LOGS_KEY}.fields.import_type`}
            sortable={false}
            render={(log) => translate(`resources.admin-imports.types.${log.import_type}`)}
          />
          <FunctionField<ImportLog> source="line" label={`${LOGS_KEY}.fields.line`} render={(log) => log.line ?? '—'} />
          <LogTypeChip source="log_type" label={`${LOGS_KEY}.fields.log_type`} />
          <TextField source="field" label={`${LOGS_KEY}.fields.field`} emptyText="—" sortable={false} />
          <TextField source="content" label={`${LOGS_KEY}.fields.content`} sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
