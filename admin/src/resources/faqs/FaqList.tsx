import { Box, Card, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import {
  BooleanField, CreateButton, List, NumberField, ReferenceInput, SearchInput, SelectColumnsButton,
  SelectInput, TextField, TopToolbar, useRecordContext, useTranslate, type FieldProps,
} from 'react-admin';
import { ADMIN_RESOURCES, type FaqQuestion } from '@lp/shared/contract';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { FaqReceivedList } from './FaqReceivedList.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';
import { RowActions } from '../../common/RowActions.tsx';

const F = 'resources.faqs.fields';

/** spec 1 §2.3 / spec 3 §2: the faqs list keeps its filters (react-admin's store, per resource). */
const faqFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="category" source="category" reference={ADMIN_RESOURCES.faq_categories.name} sort={{ field: 'name', order: 'ASC' }} perPage={500} alwaysOn>
    <SelectInput label={`${F}.category`} optionText="name" />
  </ReferenceInput>,
  <SelectInput key="is_public" source="is_public" label={`${F}.is_public`} choices={[
    { id: true, name: 'resources.faqs.visibility.public' }, { id: false, name: 'resources.faqs.visibility.private' },
  ]} alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={[
    { id: 1, name: 'resources.faqs.status.published' }, { id: 2, name: 'resources.faqs.status.unpublished' },
  ]} />,
];

function StatusField(_props: FieldProps) {
  const record = useRecordContext<FaqQuestion>();
  return <ContentStatusChip status={record?.status} feminine />;
}

function QuestionsActions() {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <CreateButton />
    </TopToolbar>
  );
}

function Questions() {
  return (
    <List
      filters={faqFilters}
      actions={<QuestionsActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'order', order: 'ASC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['updated_at']}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="question" label={`${F}.question`} />
        <TextField source="category_name" label={`${F}.category`} />
        <BooleanField source="is_public" label={`${F}.is_public`} />
        <NumberField source="order" label={`${F}.order`} />
        <StatusField source="status" label={`${F}.status`} />
        <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
        <RowActions label="admin.list.actions" />
      </ResponsiveDatagrid>
    </List>
  );
}

/**
 * spec 3 §2 /admin/faqs (title slug faq): the questions, and — a tab beside them — what learners
 * and visitors sent through "send your question" (the notification links to ?tab=received).
 */
export function FaqList() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'received' ? 'received' : 'questions';
  return (
    <Box sx={{ mt: 1 }}>
      <Card sx={{ mb: 1 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setParams(next === 'received' ? { tab: 'received' } : {}, { replace: true })}
          aria-label={translate('resources.faqs.tabs.label')}
        >
          <Tab value="questions" label={translate('resources.faqs.tabs.questions')} />
          <Tab value="received" label={translate('resources.faqs.tabs.received')} />
        </Tabs>
      </Card>
      {tab === 'received' ? <FaqReceivedList /> : <Questions />}
    </Box>
  );
}

export default FaqList;
