import { ADMIN_RESOURCES, FIELD_SALES_PATHS, FieldTasksReportRequest } from '@lp/shared/contract';
import { defineReport } from './definition.ts';
import { CONTENT_BATCH } from './queries.ts';

const R = `resources.${ADMIN_RESOURCES.field_sales_tasks.name}.report`;
const COLUMNS = [
  { field: 'task_id', label: `${R}.task_id`, width: 10 },
  { field: 'task_date', label: `${R}.task_date`, width: 14 },
  { field: 'time', label: `${R}.time`, width: 14 },
  { field: 'representative', label: `${R}.representative`, width: 30 },
  { field: 'address', label: `${R}.address`, width: 48 },
  { field: 'status', label: `${R}.status`, width: 16 },
  { field: 'check_in', label: `${R}.check_in`, width: 20, date: true },
  { field: 'check_in_distance_m', label: `${R}.check_in_distance_m`, width: 14 },
  { field: 'check_out', label: `${R}.check_out`, width: 20, date: true },
  { field: 'reason', label: `${R}.reason`, width: 36 },
  { field: 'step', label: `${R}.step`, width: 24 },
  { field: 'question', label: `${R}.question`, width: 40 },
  { field: 'answer', label: `${R}.answer`, width: 40 },
] as const;

/**
 * The field-sales results export (issue 19 "Results": per task the answers and the check-in/out,
 * "export to xlsx asynchronously e-mailed"): one row per answer (a task without answers, one row),
 * of the selected client's tasks as the list filters them; built in the background and e-mailed
 * like every report.
 */
export const fieldTasksReport = defineReport({
  key: 'field_tasks',
  path: FIELD_SALES_PATHS.report,
  title: ADMIN_RESOURCES.field_sales_tasks.title,
  permissions: [ADMIN_RESOURCES.field_sales_tasks.title, 'reports'],
  body: FieldTasksReportRequest,
  columns: COLUMNS,
  async *rows(db, { clientId, params, t }) {
    let after = 0;
    for (;;) {
      let q = db.selectFrom('field_tasks').innerJoin('users as rep', 'rep.id', 'field_tasks.representative_id')
        .selectAll('field_tasks').select('rep.full_name as representative')
        .where('field_tasks.client_id', '=', clientId).where('field_tasks.status', '!=', 'deleted').where('field_tasks.id', '>', after);
      if (params.from) q = q.where('field_tasks.task_date', '>=', params.from);
      if (params.to) q = q.where('field_tasks.task_date', '<=', params.to);
      if (params.representative_id) q = q.where('field_tasks.representative_id', '=', params.representative_id);
      if (params.status) q = q.where('field_tasks.status', '=', params.status);
      const tasks = await q.orderBy('field_tasks.id').limit(CONTENT_BATCH).execute();
      if (!tasks.length) return;
      after = tasks[tasks.length - 1]!.id;
      const answers = await db.selectFrom('field_task_answers').selectAll().where('task_id', 'in', tasks.map((x) => x.id)).orderBy('id').execute();
      yield tasks.flatMap((task) => {
        const base = {
          task_id: task.id, task_date: task.task_date, time: `${task.start_time}–${task.end_time}`, representative: task.representative,
          address: [[task.address, task.number].filter(Boolean).join(', '), task.neighborhood, task.city, task.state].filter(Boolean).join(' — '),
          status: t(`resources.${ADMIN_RESOURCES.field_sales_tasks.name}.status.${task.status}`),
          check_in: task.check_in_at ? new Date(task.check_in_at) : null, check_in_distance_m: task.check_in_distance_m,
          check_out: task.check_out_at ? new Date(task.check_out_at) : null, reason: task.cancel_motive ?? task.not_realized_reason ?? '',
        };
        const own = answers.filter((a) => a.task_id === task.id);
        return own.length
          ? own.map((a) => ({ ...base, step: a.step_title, question: a.question_text, answer: a.display }))
          : [{ ...base, step: '', question: '', answer: '' }];
      });
    }
  },
});
