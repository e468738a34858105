import { Link } from 'wouter-preact';
import useSWR from 'swr';
import { LEARNER_DRILL_PATHS, type LearnerDrillCard } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.drills';

/** spec 3 §3 "Drill": the learner's open drills; today's questions open from a drill day. */
export default function Drills() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data, error } = useSWR<LearnerDrillCard[]>(LEARNER_DRILL_PATHS.drills);
  return (
    <section class="surveys" aria-labelledby="drills-title">
      <h1 id="drills-title">{t(`${K}.title`)}</h1>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data?.length === 0 && <p>{t(`${K}.empty`)}</p>}
      {data && data.length > 0 && (
        <ul class="tiles">
          {data.map((d) => (
            <li key={d.id}>
              <Link href={`/drills/${d.id}`}>
                <strong>{d.title}</strong>
                <span>{dates.day(d.start_date)} – {dates.day(d.end_date)} · {t(`${K}.score`, { correct: d.correct, count: d.minimum_score })}</span>
                <span class="badges">
                  {d.approved && <span class="badge">{t(`${K}.approved`)}</span>}
                  <span class="badge">{t(`${K}.${!d.drill_day ? 'not_today' : d.done_today ? 'done_today' : 'answer_today'}`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
