import { Chip, Typography } from '@mui/material';
import {
  Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, useLocaleState, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, type MessageRecipient } from '@lp/shared/contract';
import { formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { nestedResource } from '../../common/nested/nestedResources.ts';

const R = 'resources.messages.recipients';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="read" source="read" label={`${R}.read`} alwaysOn choices={[
    { id: 'true', name: `${R}.states.read` },
    { id: 'false', name: `${R}.states.not_viewed` },
  ]} />,
];

const EMAIL_COLOR = { pending: 'default', sent: 'success', failed: 'error', skipped: 'default' } as const;

/** spec 3 §3 "Per recipient: status, opened_in, read"; §4 read / opened in / not viewed yet. */
export function MessageRecipients({ messageId, polling = false }: { messageId: number; polling?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <>
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>{translate(`${R}.title`)}</Typography>
      <List
        resource={nestedResource(ADMIN_RESOURCES.messages.name, messageId, 'recipients')}
        filters={filters}
        actions={false}
        title={false}
        component="div"
        disableSyncWithLocation
        storeKey={false}
        perPage={DEFAULT_PER_PAGE}
        sort={{ field: 'full_name', order: 'ASC' }}
        pagination={<ListPagination />}
        empty={false}
        queryOptions={{ refetchInterval: polling ? 2000 : false }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate(`${R}.empty`)}</Typography>}>
          <TextField source="full_name" label={`${R}.full_name`} />
          <TextField source="email" label={`${R}.email`} />
          <FunctionField<MessageRecipient>
            source="read_at"
            label={`${R}.read`}
            render={(r) => (
              <Chip size="small" color={r.read ? 'success' : 'default'} label={translate(`${R}.states.${r.read ? 'read' : 'not_viewed'}`)} />
            )}
          />
          <FunctionField<MessageRecipient> source="read_at" label={`${R}.read_at`} sortable={false} render={(r) => formatDateTime(r.read_at, languageId, userTimeZone())} />
          <FunctionField<MessageRecipient>
            source="opened_in"
            label={`${R}.opened_in`}
            render={(r) => (r.opened_in ? translate(`${R}.opened_in_values.${r.opened_in}`) : '—')}
          />
          <FunctionField<MessageRecipient>
            source="email_status"
            label={`${R}.email_status`}
            render={(r) => (
              <Chip
                size="small"
                variant="outlined"
                color={EMAIL_COLOR[r.email_status]}
                label={translate(`${R}.email_states.${r.email_status}`)}
                title={r.email_error ? translate(`errors.${r.email_error}`) : undefined}
              />
            )}
          />
        </Datagrid>
      </List>
    </>
  );
}
