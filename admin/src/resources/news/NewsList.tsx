import type { ReactElement } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import {
  CreateButton, FunctionField, List, NumberField, SearchInput, SelectColumnsButton, SelectInput,
  TextField, Title, TopToolbar, useLocaleState, useRecordContext, useTranslate, type FieldProps,
} from 'react-admin';
import { NEWS_DEFAULT_TIMEZONE, formatDateTime, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import type { NewsListItem } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { useNewsAccess } from './useNewsAccess.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';
import { RowActions } from '../../common/RowActions.tsx';

const F = 'resources.news.fields';

const statusChoices = [
  { id: 1, name: 'resources.news.status.published' },
  { id: 2, name: 'resources.news.status.unpublished' },
];

const newsFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={statusChoices} alwaysOn />,
];

const LOOK: Record<NewsListItem['publication'], { color: ChipProps['color']; icon: ReactElement }> = {
  published: { color: 'success', icon: <CheckIcon /> },
  unpublished: { color: 'error', icon: <BlockIcon /> },
  scheduled: { color: 'info', icon: <ScheduleIcon /> },
  expired: { color: 'warning', icon: <EventBusyIcon /> },
};

/** spec 3 §4: the status, bounded by the dates. */
function PublicationField(_props: FieldProps) {
  const translate = useTranslate();
  const record = useRecordContext<NewsListItem>();
  if (!record) return null;
  const look = LOOK[record.publication];
  return <Chip size="small" color={look.color} icon={look.icon} label={translate(`resources.news.publication.${record.publication}`)} />;
}

/** spec 3 §9 DD/MM/YYYY HH:mm (the order of spec 1 §9 for the language), in the item's timezone. */
function NewsDateField({ source }: { source: 'publish_date' | 'unpublish_date'; label?: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <FunctionField<NewsListItem>
      source={source}
      render={(record) => {
        return formatDateTime(record[source], languageId, record.timezone ?? NEWS_DEFAULT_TIMEZONE);
      }}
    />
  );
}

function NewsListActions() {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <CreateButton />
    </TopToolbar>
  );
}

/** spec 3 §2 /admin/news (admin_news): search, status filter, configurable columns, newest first. */
export function NewsList() {
  const translate = useTranslate();
  const { heading } = useNewsAccess();
  return (
    <>
      <Title title={heading ?? translate('resources.news.name', { smart_count: 2 })} />
      <List
        title={false}
        filters={newsFilters}
        actions={<NewsListActions />}
        pagination={<ListPagination />}
        perPage={DEFAULT_PER_PAGE}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['updated_at']}>
          <TextField source="id" label={`${F}.id`} />
          <TextField source="title" label={`${F}.title`} />
          <PublicationField source="publication" label={`${F}.status`} sortable={false} />
          <NewsDateField source="publish_date" label={`${F}.publish_date`} />
          <NewsDateField source="unpublish_date" label={`${F}.unpublish_date`} />
          <NumberField source="qty_views" label={`${F}.qty_views`} sortable={false} />
          <NumberField source="qty_comments" label={`${F}.qty_comments`} sortable={false} />
          <CreatedAtField source="created_at" label={`${F}.created_at`} />
          <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
          <RowActions label="admin.list.actions" />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}

export default NewsList;
