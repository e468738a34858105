import { Box, Button, Chip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { useNavigate } from 'react-router-dom';
import {
  Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, useNotify, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, FAQ_PATHS, type FaqReceivedQuestion } from '@lp/shared/contract';
import { FAQ_RECEIVED_STATUS } from '@lp/shared/rules';
import { useReceivedQuestionStatus } from './useReceivedQuestionStatus.ts';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';

const F = 'resources.faqs.received';
const statusChoices = [
  { id: FAQ_RECEIVED_STATUS.new, name: `${F}.status_new` },
  { id: FAQ_RECEIVED_STATUS.handled, name: `${F}.status_handled` },
];
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={statusChoices} alwaysOn />,
];

/** Mark handled (or new again), and turn the question into a FAQ question. */
function ReceivedActions(_props: { label?: string }) {
  const record = useRecordContext<FaqReceivedQuestion>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const setStatus = useReceivedQuestionStatus();
  if (!record) return null;
  const handled = record.status === FAQ_RECEIVED_STATUS.handled;
  const toggle = async () => {
    try {
      await setStatus(record.id, handled ? FAQ_RECEIVED_STATUS.new : FAQ_RECEIVED_STATUS.handled);
      refresh();
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        startIcon={<PostAddIcon />}
        onClick={() => navigate(`/${ADMIN_RESOURCES.faqs.name}/create`, { state: { record: { question: record.question } } })}
      >
        {translate(`${F}.create_question`)}
      </Button>
      <Button size="small" startIcon={handled ? <ReplayIcon /> : <DoneIcon />} onClick={() => void toggle()}>
        {translate(handled ? `${F}.mark_new` : `${F}.mark_handled`)}
      </Button>
    </Box>
  );
}

/** The questions learners and visitors sent through "send your question", newest first. */
export function FaqReceivedList() {
  const translate = useTranslate();
  return (
    <List
      resource={FAQ_PATHS.received}
      title={false}
      filters={filters}
      filterDefaultValues={{ status: FAQ_RECEIVED_STATUS.new }}
      actions={false}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      disableSyncWithLocation
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <TextField source="name" label={`${F}.name`} sortable={false} />
        <TextField source="email" label={`${F}.email`} sortable={false} />
        <TextField source="question" label={`${F}.question`} sortable={false} />
        <FunctionField<FaqReceivedQuestion>
          label={`${F}.origin`}
          render={(r) => translate(`${F}.origins.${r.origin}`)}
        />
        <FunctionField<FaqReceivedQuestion>
          label={`${F}.status`}
          render={(r) => (
            <Chip size="small" color={r.status === FAQ_RECEIVED_STATUS.new ? 'warning' : 'success'}
              label={translate(r.status === FAQ_RECEIVED_STATUS.new ? `${F}.status_new` : `${F}.status_handled`)} />
          )}
        />
        <ReceivedActions label="admin.list.actions" />
      </Datagrid>
    </List>
  );
}
