import { useState } from 'react';
import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, TASK_STATUSES, type Paged, type SessionUser, type Task, type TaskStatus } from '@lp/shared/contract';
import { formatLongDay, formatMonthHeading, hasPermission, monthOfDay, todayApiDate, userTimeZone } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { DayView, MonthView, WeekView, type ViewProps } from './CalendarViews.tsx';
import { filterTasks, representativesOf, shiftAnchor, viewRange, type CalendarFilters, type CalendarView } from './calendarModel.ts';
import { rescheduleBody } from './taskPayload.ts';

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const K = `resources.${NAME}`;
const STATUSES = TASK_STATUSES.filter((s) => s !== 'deleted');

export interface TaskCalendarProps {
  view: CalendarView;
  onView(view: CalendarView): void;
  today?: string;
}

/**
 * spec 3 §2 "Admin calendar of tasks": month, week and day views of the tasks, filtered by
 * representative and status; a pending task dragged to another day is sent as the form's PUT
 * (this occurrence only), so the server makes the same checks — on a refusal ("The
 * representative already has events for the selected day" …) the task stays where it was and the
 * refusal is shown. The day view draws each representative's route (CalendarViews).
 */
export function TaskCalendar({ view, onView, today = todayApiDate(userTimeZone()) }: TaskCalendarProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const http = useContractHttp();
  const queryClient = useQueryClient();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const [anchor, setAnchor] = useState(today);
  const [filters, setFilters] = useState<CalendarFilters>({ representative_id: null, status: null });
  const { from, to } = viewRange(view, anchor);
  const key = ['field-tasks-calendar', from, to];
  const { data, isFetching } = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await http.json<Paged<Task> | Task[]>(`${FIELD_SALES_PATHS.tasks}?page_size=0&from=${from}&to=${to}`, 'GET');
      return Array.isArray(answer) ? answer : answer.results;
    },
  });
  const move = useMutation({
    mutationFn: ({ task, day }: { task: Task; day: string }) => http.json<Task>(FIELD_SALES_PATHS.task(task.id), 'PUT', rescheduleBody(task, day)),
    onSuccess: (_moved, { day }) => notify(`${K}.calendar.moved`, { type: 'success', messageArgs: { day: formatLongDay(day, locale) } }),
    onError: (error) => notify(`errors.${(error as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`, { type: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['field-tasks-calendar'] }),
  });

  const all = data ?? [];
  const people = representativesOf(all);
  const chosen = filters.representative_id;
  // a chosen representative stays offered in a window where they have no task
  if (chosen !== null && !people.some((p) => p.id === chosen)) people.push({ id: chosen, full_name: `#${chosen}` });
  const props: ViewProps = {
    tasks: filterTasks(all, filters), anchor, today,
    movable: !!user && hasPermission(user, '4traders_manage_tasks'),
    moving: move.isPending ? move.variables?.task.id ?? null : null,
    onMove: (task, day) => { if (!move.isPending) move.mutate({ task, day }); },
    onOpenDay: (day) => { setAnchor(day); onView('day'); },
  };
  const heading = view === 'month' ? formatMonthHeading(monthOfDay(anchor), locale)
    : view === 'day' ? formatLongDay(anchor, locale) : `${formatLongDay(from, locale)} – ${formatLongDay(to, locale)}`;

  return (
    <Paper sx={{ p: 2, mt: 1 }} aria-busy={isFetching || move.isPending}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Button onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}>{translate(`${K}.calendar.previous`)}</Button>
        <Button onClick={() => setAnchor(today)}>{translate(`${K}.calendar.today`)}</Button>
        <Button onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}>{translate(`${K}.calendar.next`)}</Button>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>{heading}</Typography>
        <TextField select size="small" fullWidth={false} margin="none" sx={{ minWidth: 260 }} label={translate(`${K}.fields.representative`)} value={chosen ?? ''}
          onChange={(e) => setFilters({ ...filters, representative_id: e.target.value === '' ? null : Number(e.target.value) })}>
          <MenuItem value="">{translate(`${K}.calendar.all_representatives`)}</MenuItem>
          {people.map((p) => <MenuItem key={p.id} value={p.id}>{p.full_name}</MenuItem>)}
        </TextField>
        <TextField select size="small" fullWidth={false} margin="none" sx={{ minWidth: 180 }} label={translate(`${K}.fields.status`)} value={filters.status ?? ''}
          onChange={(e) => setFilters({ ...filters, status: e.target.value === '' ? null : e.target.value as TaskStatus })}>
          <MenuItem value="">{translate(`${K}.calendar.all_statuses`)}</MenuItem>
          {STATUSES.map((s) => <MenuItem key={s} value={s}>{translate(`${K}.status.${s}`)}</MenuItem>)}
        </TextField>
      </Box>
      {props.movable && view !== 'day' && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(`${K}.calendar.drag_hint`)}</Typography>}
      {/* the grids scroll inside the card on a narrow screen (inline-size containment: they do not widen the page) */}
      <Box sx={{ width: '100%', overflowX: 'auto', contain: 'inline-size' }}>
        {view === 'month' && <MonthView {...props} />}
        {view === 'week' && <WeekView {...props} />}
        {view === 'day' && <DayView {...props} />}
      </Box>
    </Paper>
  );
}
