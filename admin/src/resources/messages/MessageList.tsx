import { BooleanField, FunctionField, NumberField, SearchInput, SelectInput, TextField, useLocaleState } from 'react-admin';
import { MESSAGE_STATUSES, formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { MAILING_REPORT_PATH, type MessageListItem } from '@lp/shared/contract';
import { ReportButton } from '../../common/ReportButton.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { MessageStatusChip } from './MessageStatusChip.tsx';

const F = 'resources.messages.fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} alwaysOn
    choices={MESSAGE_STATUSES.map((status) => ({ id: status, name: `resources.messages.status.${status}` }))} />,
];

const mailingReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { words: ['status'] });

function SendDateField(_props: { source: string; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return <FunctionField<MessageListItem> source="send_date" render={(message) => formatDateTime(message.send_date, languageId, userTimeZone())} />;
}

/** spec 3 §2 /admin/messages: newest send date first, with the status and how many read it; the mailing report (spec 1 §3.1, spec 3 §9). */
export function MessageList() {
  return (
    <ResourceList filters={filters} sortField="send_date"
      actions={<ReportButton report="mailing" path={MAILING_REPORT_PATH} toBody={mailingReportBody} />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <SendDateField source="send_date" label={`${F}.send_date`} />
      <FunctionField<MessageListItem> source="status" label={`${F}.status`} render={(message) => <MessageStatusChip status={message.status} />} />
      <BooleanField source="send_in_app" label={`${F}.send_in_app`} sortable={false} />
      <BooleanField source="send_email" label={`${F}.send_email`} sortable={false} />
      <NumberField source="recipients_count" label={`${F}.recipients_count`} sortable={false} />
      <NumberField source="read_count" label={`${F}.read_count`} sortable={false} />
    </ResourceList>
  );
}

export default MessageList;
