import { useState } from 'react';
import { Box, Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, type Paged, type Task } from '@lp/shared/contract';
import { addDays, formatWeekday, todayApiDate, userTimeZone } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const K = `resources.${NAME}`;
const STATE_COLOR = { scheduled: 'default', in_progress: 'warning', finished: 'success', canceled: 'error', deleted: 'error' } as const;

/** The Monday of the week holding `day` ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/** Representatives (rows) × the seven days (columns) of one week's tasks. */
export function weekGrid(tasks: readonly Task[], monday: string) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const people = new Map<number, string>();
  for (const t of tasks) people.set(t.representative.id, t.representative.full_name);
  const rows = [...people].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => ({
    id, name, cells: days.map((d) => tasks.filter((t) => t.representative.id === id && t.task_date === d).sort((a, b) => a.start_time.localeCompare(b.start_time))),
  }));
  return { days, rows };
}

/**
 * spec 3 §2 "Admin calendar of tasks" (week view): each representative's week, a task per day
 * (spec 3 §5), colored by how events show it (scheduled, in progress, finished, canceled).
 */
export function TaskWeek({ today = todayApiDate(userTimeZone()) }: { today?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const http = useContractHttp();
  const [monday, setMonday] = useState(() => mondayOf(today));
  const sunday = addDays(monday, 6);
  const { data } = useQuery({
    queryKey: ['field-tasks-week', monday],
    queryFn: async () => {
      const answer = await http.json<Paged<Task> | Task[]>(`${FIELD_SALES_PATHS.tasks}?page_size=0&from=${monday}&to=${sunday}`, 'GET');
      return Array.isArray(answer) ? answer : answer.results;
    },
  });
  const { days, rows } = weekGrid(data ?? [], monday);
  return (
    <Paper sx={{ p: 2, mt: 1, overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Button onClick={() => setMonday(addDays(monday, -7))}>{translate(`${K}.calendar.previous`)}</Button>
        <Button onClick={() => setMonday(mondayOf(today))}>{translate(`${K}.calendar.today`)}</Button>
        <Button onClick={() => setMonday(addDays(monday, 7))}>{translate(`${K}.calendar.next`)}</Button>
        <Typography variant="subtitle1" component="h2">{monday} – {sunday}</Typography>
      </Box>
      <Table size="small" aria-label={translate(`${K}.calendar.week`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${K}.fields.representative`)}</TableCell>
            {days.map((d) => <TableCell key={d} aria-current={d === today ? 'date' : undefined}>{formatWeekday(d, locale)} {d.slice(8)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={8}>{translate(`${K}.calendar.empty`)}</TableCell></TableRow>}
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row">{r.name}</TableCell>
              {r.cells.map((tasks, i) => (
                <TableCell key={days[i]}>
                  {tasks.map((t) => (
                    <Chip key={t.id} size="small" sx={{ m: 0.25 }} color={STATE_COLOR[t.event_state]} component={Link} to={`/${NAME}/${t.id}`} clickable
                      label={`${t.start_time} ${t.title || t.address || ''}`} title={translate(`${K}.status.${t.status}`)} />
                  ))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
