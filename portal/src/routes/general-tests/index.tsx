import { Link } from 'wouter-preact';
import useSWR from 'swr';
import { LEARNER_GENERAL_TEST_PATHS, type LearnerGeneralTestCard } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.generalTests';

/** spec 3 §3 "General test (assessment)": the assessments open to the learner. */
export default function GeneralTests() {
  const { t } = useI18n();
  const { data, error } = useSWR<LearnerGeneralTestCard[]>(LEARNER_GENERAL_TEST_PATHS.list);
  return (
    <section class="surveys" aria-labelledby="general-tests-title">
      <h1 id="general-tests-title">{t(`${K}.title`)}</h1>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data?.length === 0 && <p>{t(`${K}.empty`)}</p>}
      {data && data.length > 0 && (
        <ul class="tiles">
          {data.map((g) => (
            <li key={g.id}>
              <Link href={`/general_tests/${g.id}`}>
                <strong>{g.title}</strong>
                <span>{t(`${K}.summary`, { count: g.questions, minutes: g.time_to_finish })}</span>
                <span class="badges"><span class="badge">{t(`${K}.standing.${g.standing}`)}</span></span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
