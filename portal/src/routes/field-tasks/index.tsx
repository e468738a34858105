import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import useSWR from 'swr';
import type { Task } from '@lp/shared/contract';
import { myTasksPath, taskAddress } from '../../lib/field-tasks.ts';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../../components/message/index.tsx';
import './field-tasks.css';

const K = 'portal.fieldSales';

/** spec 3 §1 the representative's tasks: today and this week (4traders_apply_events), mobile first. */
export default function FieldTasks() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [range, setRange] = useState<'today' | 'week'>('today');
  const { data, error } = useSWR<Task[]>(myTasksPath(range));
  return (
    <section class="field-tasks" aria-labelledby="field-tasks-title">
      <h1 id="field-tasks-title">{t(`${K}.title`)}</h1>
      <div class="field-range" role="group" aria-label={t(`${K}.range`)}>
        {(['today', 'week'] as const).map((r) => (
          <button key={r} type="button" class={range === r ? '' : 'button-secondary'} aria-pressed={range === r} onClick={() => setRange(r)}>
            {t(`${K}.${r}`)}
          </button>
        ))}
      </div>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data?.length === 0 && <p>{t(`${K}.empty`)}</p>}
      {data && data.length > 0 && (
        <ul class="field-task-list">
          {data.map((task) => (
            <li key={task.id}>
              <Link href={`/field_sales/${task.id}`}>
                <strong>{task.title || taskAddress(task)}</strong>
                <span>{dates.day(task.task_date)} · {task.start_time}–{task.end_time}</span>
                <span>{taskAddress(task)}</span>
                <span class={`badge field-status-${task.status}`}>{t(`${K}.status.${task.status}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
