import { useState } from 'react';
import {
  Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Table, TableBody, TableCell, TableHead,
  TableRow, TextField as MuiTextField, Typography,
} from '@mui/material';
import { Create, Edit, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_RESOURCES, FIELD_SALES_PATHS, type RecurrenceScope, type Task, type TaskResults } from '@lp/shared/contract';
import { canTaskTransition } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { TaskForm } from './TaskForm.tsx';
import { createPayload, updatePayload, type TaskFormValues } from './taskPayload.ts';

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const K = `resources.${NAME}`;

/** Cancel (with cancel_motive) or delete, for this occurrence or all the next ones of its series (spec 3 §2, §4). */
function TaskActions({ task }: { task: Task }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<'cancel' | 'delete' | null>(null);
  const [motive, setMotive] = useState('');
  const [scope, setScope] = useState<RecurrenceScope>('only_this');
  const run = async () => {
    const action = open!;
    setOpen(null);
    try {
      const path = action === 'cancel' ? FIELD_SALES_PATHS.cancel(task.id) : FIELD_SALES_PATHS.remove(task.id);
      const { ids } = await http.json<{ ids: number[] }>(path, 'POST', action === 'cancel' ? { cancel_motive: motive, scope } : { scope });
      notify(`${K}.messages.${action}_done`, { type: 'success', messageArgs: { n: ids.length, smart_count: ids.length } });
      refresh();
    } catch (error) {
      notify(`errors.${(error as { body?: { code?: string } }).body?.code ?? 'unexpected_error'}`, { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
      <Button color="warning" variant="outlined" disabled={!canTaskTransition(task.status, 'cancel')} onClick={() => setOpen('cancel')}>{translate(`${K}.actions.cancel`)}</Button>
      <Button color="error" variant="outlined" disabled={!canTaskTransition(task.status, 'delete')} onClick={() => setOpen('delete')}>{translate(`${K}.actions.delete`)}</Button>
      <Dialog open={open !== null} onClose={() => setOpen(null)}>
        <DialogTitle>{open ? translate(`${K}.actions.${open}`) : ''}</DialogTitle>
        <DialogContent>
          {open === 'cancel' && (
            <MuiTextField autoFocus fullWidth multiline margin="dense" required label={translate(`${K}.fields.cancel_motive`)} value={motive} onChange={(e) => setMotive(e.target.value)} />
          )}
          {task.series_id && (
            <RadioGroup value={scope} onChange={(e) => setScope(e.target.value as RecurrenceScope)}>
              <FormControlLabel value="only_this" control={<Radio />} label={translate(`${K}.scopes.only_this`)} />
              <FormControlLabel value="all_next" control={<Radio />} label={translate(`${K}.scopes.all_next`)} />
            </RadioGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" disabled={open === 'cancel' && !motive.trim()} onClick={() => void run()}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The answers and the check-in/out of a task (spec 3 §1, issue "Results"). */
export function TaskResultsPanel({ id }: { id: number }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const { data } = useQuery({ queryKey: ['field-task-results', id], queryFn: () => http.json<TaskResults>(FIELD_SALES_PATHS.results(id), 'GET'), staleTime: 0 });
  if (!data) return null;
  const { task, answers } = data;
  const point = (p: Task['check_in']) => (p ? `${new Date(p.at).toLocaleString()}${p.distance_m !== null ? ` · ${p.distance_m} m` : ''}` : '—');
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6">{translate(`${K}.results.title`)}</Typography>
        <Typography variant="body2">{translate(`${K}.fields.check_in`)}: {point(task.check_in)}</Typography>
        <Typography variant="body2">{translate(`${K}.fields.check_out`)}: {point(task.check_out)}</Typography>
        {task.cancel_motive && <Typography variant="body2">{translate(`${K}.fields.cancel_motive`)}: {task.cancel_motive}</Typography>}
        {task.not_realized_reason && <Typography variant="body2">{translate(`${K}.fields.not_realized_reason`)}: {task.not_realized_reason}</Typography>}
        {answers.length === 0
          ? <Typography variant="body2" sx={{ mt: 1 }}>{translate(`${K}.results.none`)}</Typography>
          : (
            <Table size="small" aria-label={translate(`${K}.results.title`)}>
              <TableHead><TableRow><TableCell>{translate(`${K}.results.step`)}</TableCell><TableCell>{translate(`${K}.results.question`)}</TableCell><TableCell>{translate(`${K}.results.answer`)}</TableCell></TableRow></TableHead>
              <TableBody>
                {answers.map((a, i) => (
                  <TableRow key={i}><TableCell>{a.step_title}</TableCell><TableCell>{a.question_text}</TableCell><TableCell>
                    {a.file_url
                      ? <a href={a.file_url} target="_blank" rel="noreferrer"><Box component="img" src={a.file_url} alt={a.question_text} sx={{ width: 160, maxWidth: '100%', height: 'auto', maxHeight: 160, objectFit: 'contain', display: 'block', borderRadius: 1 }} /></a>
                      : a.question_type === 'yes_no' && a.value.boolean !== undefined
                        // the stored display is the language-neutral yes/no: said in the admin's language
                        ? translate(a.value.boolean ? 'ra.boolean.true' : 'ra.boolean.false')
                        : a.display}
                  </TableCell></TableRow>
                ))}
              </TableBody>
            </Table>
          )}
      </CardContent>
    </Card>
  );
}

/** spec 1 §2.3 4traders/tasks/{id}: the task form, its cancel/delete actions and its results. */
export function TaskEdit() {
  const id = Number(useParams().id);
  const { data } = useGetOne<Task>(NAME, { id });
  return (
    <>
      <Edit resource={NAME} id={id} mutationMode="pessimistic" redirect={false} transform={(v: Record<string, unknown>) => updatePayload(v as TaskFormValues)}>
        <TaskForm edit />
      </Edit>
      {data && <TaskActions task={data} />}
      <TaskResultsPanel id={id} />
    </>
  );
}

export function TaskCreate() {
  return (
    <Create resource={NAME} redirect="list" transform={(v: Record<string, unknown>) => createPayload(v as TaskFormValues)}>
      <TaskForm />
    </Create>
  );
}

export default TaskEdit;
