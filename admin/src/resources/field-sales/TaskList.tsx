import { useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DateInput, FunctionField, ReferenceInput, AutocompleteInput, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, TASK_STATUSES, type FieldTasksReportRequest, type Task } from '@lp/shared/contract';
import { ReportButton } from '../../common/ReportButton.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { CALENDAR_VIEWS, type CalendarView } from './calendarModel.ts';
import { TaskCalendar } from './TaskCalendar.tsx';

/** The results export with the list's filters (the day filter as a one-day range). */
export function fieldTasksReportBody(filters: Record<string, unknown>): FieldTasksReportRequest {
  const day = typeof filters.task_date === 'string' && filters.task_date ? filters.task_date : undefined;
  return {
    ...(day ? { from: day, to: day } : {}),
    ...(filters.representative_id ? { representative_id: Number(filters.representative_id) } : {}),
    ...(typeof filters.status === 'string' && filters.status ? { status: filters.status as FieldTasksReportRequest['status'] } : {}),
  };
}

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const F = `resources.${NAME}.fields`;
const statusChoices = TASK_STATUSES.filter((s) => s !== 'deleted').map((id) => ({ id, name: `resources.${NAME}.status.${id}` }));

/**
 * spec 3 §2 "Admin calendar of tasks" (list form): filters by representative, status and day;
 * each row its date, time, representative, address and status (scheduled / finished as events show them).
 */
export function TaskList() {
  const translate = useTranslate();
  const [view, setView] = useState<'list' | CalendarView>('list');
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: 'list' | CalendarView | null) => v && setView(v)} aria-label={translate(`resources.${NAME}.calendar.view`)} sx={{ mt: 1 }}>
      <ToggleButton value="list">{translate(`resources.${NAME}.calendar.list`)}</ToggleButton>
      {CALENDAR_VIEWS.map((v) => <ToggleButton key={v} value={v}>{translate(`resources.${NAME}.calendar.${v}`)}</ToggleButton>)}
    </ToggleButtonGroup>
  );
  if (view !== 'list') return <>{toggle}<TaskCalendar view={view} onView={setView} /></>;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="rep" source="representative_id" reference="users" alwaysOn>
      <AutocompleteInput label={`${F}.representative`} optionText="full_name" />
    </ReferenceInput>,
    <SelectInput key="status" source="status" label={`${F}.status`} choices={statusChoices} alwaysOn />,
    <DateInput key="day" source="task_date" label={`${F}.task_date`} />,
  ];
  return (
    <>
    {toggle}
    <ResourceList filters={filters} sortField="starts_at" sortOrder="ASC" omit={['id']}
      actions={<ReportButton report="field_tasks" path={FIELD_SALES_PATHS.report} toBody={fieldTasksReportBody} />}>
      <TextField source="id" label={`${F}.id`} />
      <FunctionField<Task> source="task_date" label={`${F}.task_date`} render={(t) => `${t.task_date} ${t.start_time}–${t.end_time}`} />
      <TextField source="title" label={`${F}.title`} />
      <TextField source="representative.full_name" label={`${F}.representative`} sortBy="representative" />
      <FunctionField<Task> label={`${F}.address`} sortable={false} render={(t) => [[t.address, t.number].filter(Boolean).join(', '), t.city].filter(Boolean).join(' — ')} />
      <FunctionField<Task> source="status" label={`${F}.status`}
        render={(t) => `${translate(`resources.${NAME}.status.${t.status}`)}${t.series_id ? ` · ${translate(`resources.${NAME}.messages.occurrence`, { n: t.occurrence ?? 1 })}` : ''}`} />
    </ResourceList>
    </>
  );
}

export default TaskList;
