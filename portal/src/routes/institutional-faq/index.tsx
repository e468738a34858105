import { useMemo, useState } from 'preact/hooks';
import useSWR from 'swr';
import { FAQ_PATHS, type LearnerFaq } from '@lp/shared/contract';
import { searchFaq } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { AskQuestion } from '../../components/ask-question/index.tsx';
import { FaqList } from '../../components/faq-list/index.tsx';
import { Message } from '../../components/message/index.tsx';

/**
 * spec 1 §2.2 / spec 3 §2 `institutional/faq`: every published question of the user's client by
 * category, searchable as one types (question and answer text), and "send your question".
 */
export default function InstitutionalFaq() {
  const { t } = useI18n();
  const { data, error, isLoading } = useSWR<LearnerFaq>(FAQ_PATHS.learner);
  const [term, setTerm] = useState('');
  const groups = useMemo(() => searchFaq(data?.categories ?? [], term), [data, term]);

  return (
    <section class="faq" aria-labelledby="faq-title">
      <h1 id="faq-title">{t('portal.faq.title')}</h1>
      <form class="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="faq-search">{t('portal.faq.search')}</label>
          <input id="faq-search" type="search" value={term} onInput={(event) => setTerm(event.currentTarget.value)} />
        </div>
      </form>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {data && groups.length === 0 && <p class="empty" role="status">{t(term.trim() ? 'portal.faq.empty_search' : 'portal.faq.empty')}</p>}
      {groups.length > 0 && <FaqList groups={groups} />}
      <AskQuestion visitor={false} />
    </section>
  );
}
