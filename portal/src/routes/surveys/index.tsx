import { Link } from 'wouter-preact';
import useSWR from 'swr';
import { LEARNER_SURVEY_PATHS, type LearnerSurveyCard } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.surveys';

/** spec 3 §2: the learner's open surveys, mandatory first; answered ones can be reviewed. */
export default function Surveys() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data, error } = useSWR<LearnerSurveyCard[]>(LEARNER_SURVEY_PATHS.surveys);
  return (
    <section class="surveys" aria-labelledby="surveys-title">
      <h1 id="surveys-title">{t(`${K}.title`)}</h1>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data?.length === 0 && <p>{t(`${K}.empty`)}</p>}
      {data && data.length > 0 && (
        <ul class="tiles">
          {data.map((s) => (
            <li key={s.id}>
              <Link href={`/surveys/${s.id}`}>
                <strong>{s.title}</strong>
                <span>{t(`${K}.questions`, { count: s.qty_questions })} · {dates.day(s.start_date)}{s.end_date ? ` – ${dates.day(s.end_date)}` : ''}</span>
                <span class="badges">
                  {s.mandatory && <span class="badge">{t(`${K}.mandatory`)}</span>}
                  <span class="badge">{t(`${K}.${s.answered ? 'answered' : s.has_draft ? 'draft' : 'answer'}`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
