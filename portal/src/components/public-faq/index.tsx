import useSWR from 'swr';
import { FAQ_PATHS, type PublicFaq as PublicFaqData } from '@lp/shared/contract';
import { shouldRetry } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { AskQuestion } from '../ask-question/index.tsx';
import { FaqList } from '../faq-list/index.tsx';
import '../faq-list/faq.css';

/**
 * The login page's public FAQ (spec 1 §2.1, shown with show_public_faq; spec 3 §6): the public
 * questions only, as the server sends them without login, and "send your question". Loaded on
 * its own chunk so the login page's first load stays small.
 */
export default function PublicFaq() {
  const { t } = useI18n();
  const { data } = useSWR<PublicFaqData>(FAQ_PATHS.public, { revalidateOnFocus: false, shouldRetryOnError: shouldRetry });
  if (!data) return null;
  return (
    <section class="public-faq" aria-labelledby="public-faq-title">
      <h2 id="public-faq-title">{t('portal.faq.title')}</h2>
      {data.categories.length > 0 ? <FaqList groups={data.categories} headingLevel={3} /> : <p class="note">{t('portal.faq.empty')}</p>}
      {data.accepts_questions && <AskQuestion visitor />}
    </section>
  );
}
