import { lazy, Suspense, useState, type DragEvent } from 'react';
import { Box, Chip, Link as MuiLink, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ADMIN_RESOURCES, type Task } from '@lp/shared/contract';
import { formatLongDay, formatWeekday } from '@lp/shared/rules';
import { canDropOn, dayRoutes, mondayOf, monthCells, weekGrid } from './calendarModel.ts';

const TaskMap = lazy(() => import('./TaskMap.tsx'));

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const K = `resources.${NAME}`;
const STATE_COLOR = { scheduled: 'default', in_progress: 'warning', finished: 'success', canceled: 'error', deleted: 'error' } as const;
const DRAG_TYPE = 'application/x-field-task';

/** What the views share: the tasks, today, the drag (who may move, and where a drop goes), opening a day. */
export interface ViewProps {
  tasks: readonly Task[];
  anchor: string;
  today: string;
  /** the user may reschedule (4traders_manage_tasks) */
  movable: boolean;
  /** a task being moved (the server has not answered yet) */
  moving: number | null;
  onMove(task: Task, day: string): void;
  onOpenDay(day: string): void;
}

/** One task: its time and title, colored by how events show it; a pending one can be dragged to another day. */
function TaskChip({ task, draggable, moving }: { task: Task; draggable: boolean; moving: boolean }) {
  const translate = useTranslate();
  return (
    <Chip size="small" sx={{ m: 0.25, maxWidth: '100%', cursor: draggable ? 'grab' : undefined, opacity: moving ? 0.5 : 1 }}
      color={STATE_COLOR[task.event_state]} component={Link} to={`/${NAME}/${task.id}`} clickable
      draggable={draggable} data-task-id={task.id}
      onDragStart={draggable ? (e: DragEvent) => {
        e.dataTransfer.setData(DRAG_TYPE, String(task.id));
        e.dataTransfer.setData('text/plain', String(task.id));
        e.dataTransfer.effectAllowed = 'move';
      } : undefined}
      label={`${task.start_time} ${task.title || task.address || ''}`}
      // the whole text where a narrow cell cuts the label short
      title={`${task.start_time} ${task.title || task.address || ''} · ${translate(`${K}.status.${task.status}`)} · ${task.representative.full_name}`} />
  );
}

/**
 * A day cell that takes a dropped task (HTML drag and drop): it lights up while a task that may
 * move there is over it, and hands the drop to onMove — the task stays where it was until the
 * server agrees (spec 3 §2 "drag to reschedule with the same conflict checks").
 */
function useDropTarget(tasks: readonly Task[], onMove: ViewProps['onMove']) {
  const [over, setOver] = useState<string | null>(null);
  const dragged = (e: DragEvent) => {
    const id = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain'));
    return tasks.find((t) => t.id === id) ?? null;
  };
  const props = (day: string, representativeId?: number) => ({
    'data-day': day,
    onDragOver: (e: DragEvent) => {
      // the data is only readable on drop: accept any task here, check on drop
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(`${day}:${representativeId ?? ''}`);
    },
    onDragLeave: () => setOver(null),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(null);
      const task = dragged(e);
      if (task && canDropOn(task, day, representativeId)) onMove(task, day);
    },
    sx: over === `${day}:${representativeId ?? ''}` ? { outline: '2px dashed', outlineColor: 'primary.main', outlineOffset: -2 } : {},
  });
  return props;
}

export function MonthView({ tasks, anchor, today, movable, moving, onMove, onOpenDay }: ViewProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const weeks = monthCells(tasks, anchor);
  const drop = useDropTarget(tasks, onMove);
  return (
    <Table size="small" aria-label={translate(`${K}.calendar.month`)} sx={{ tableLayout: 'fixed', minWidth: 760 }}>
      <TableHead>
        <TableRow>{weeks[0]!.map((c) => <TableCell key={c.day}>{formatWeekday(c.day, locale)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {weeks.map((week) => (
          <TableRow key={week[0]!.day}>
            {week.map((c) => {
              const { sx, ...target } = drop(c.day);
              return (
                <TableCell key={c.day} {...target} aria-current={c.day === today ? 'date' : undefined}
                  sx={{ verticalAlign: 'top', height: 96, bgcolor: c.inMonth ? undefined : 'action.hover', ...sx }}>
                  <MuiLink component="button" type="button" variant="body2" onClick={() => onOpenDay(c.day)}
                    aria-label={translate(`${K}.calendar.open_day`, { day: formatLongDay(c.day, locale) })}
                    sx={{ fontWeight: c.day === today ? 700 : 400, color: c.inMonth ? undefined : 'text.secondary' }}>
                    {Number(c.day.slice(8))}
                  </MuiLink>
                  <Box>{c.tasks.map((t) => <TaskChip key={t.id} task={t} draggable={movable && t.status === 'pending'} moving={moving === t.id} />)}</Box>
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function WeekView({ tasks, anchor, today, movable, moving, onMove, onOpenDay }: ViewProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { days, rows } = weekGrid(tasks, mondayOf(anchor));
  const drop = useDropTarget(tasks, onMove);
  return (
    <Table size="small" aria-label={translate(`${K}.calendar.week`)} sx={{ tableLayout: 'fixed', minWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 160 }}>{translate(`${K}.fields.representative`)}</TableCell>
          {days.map((d) => (
            <TableCell key={d} aria-current={d === today ? 'date' : undefined}>
              <MuiLink component="button" type="button" variant="body2" onClick={() => onOpenDay(d)} aria-label={translate(`${K}.calendar.open_day`, { day: formatLongDay(d, locale) })}>
                {formatWeekday(d, locale)} {d.slice(8)}
              </MuiLink>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && <TableRow><TableCell colSpan={8}>{translate(`${K}.calendar.empty`)}</TableCell></TableRow>}
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell component="th" scope="row">{r.name}</TableCell>
            {r.cells.map((cell, i) => {
              const { sx, ...target } = drop(days[i]!, r.id);
              return (
                <TableCell key={days[i]} {...target} sx={{ verticalAlign: 'top', ...sx }}>
                  {cell.map((t) => <TaskChip key={t.id} task={t} draggable={movable && t.status === 'pending'} moving={moving === t.id} />)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The day per representative: the visits in time order and the route on the map (spec 3 §2). */
export function DayView({ tasks, anchor, moving }: ViewProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const routes = dayRoutes(tasks, anchor);
  if (routes.length === 0) return <Typography sx={{ p: 1 }}>{translate(`${K}.calendar.empty`)}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(420px, 1fr))' } }}>
      {routes.map((r) => (
        <Paper key={r.id} variant="outlined" component="section" aria-labelledby={`route-${r.id}`} sx={{ p: 1.5 }}>
          <Typography id={`route-${r.id}`} variant="subtitle1" component="h3">{r.name}</Typography>
          <Box component="ol" aria-label={translate(`${K}.calendar.stops`)} sx={{ pl: 3, my: 1 }}>
            {r.tasks.map((t) => (
              <li key={t.id}>
                <TaskChip task={t} draggable={false} moving={moving === t.id} />
                <Typography variant="body2" component="span" color="text.secondary">
                  {[[t.address, t.number].filter(Boolean).join(', '), t.city].filter(Boolean).join(' — ')} · {translate(`${K}.status.${t.status}`)}
                </Typography>
              </li>
            ))}
          </Box>
          <Suspense fallback={null}>
            <TaskMap route points={r.stops} height={240} label={translate(`${K}.calendar.route`, { name: r.name, day: formatLongDay(anchor, locale) })} />
          </Suspense>
        </Paper>
      ))}
    </Box>
  );
}
