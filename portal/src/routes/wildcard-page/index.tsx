import { useParams } from 'wouter-preact';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useWildcardPage } from '../../hooks/use-wildcard-page.ts';
import { Message } from '../../components/message/index.tsx';

/**
 * A wildcard page (spec 1 §2.3 wild_cards, spec 3 §3 "Wildcard page: slug") at /p/{slug}: a
 * published page of the learner's audience; anything else is "not found".
 */
export default function WildcardPage() {
  const { t } = useI18n();
  const { slug = '' } = useParams<{ slug: string }>();
  const { data, error } = useWildcardPage(slug);
  if (error) {
    return errorCode(error) === 'not_found'
      ? <div><h1>{t('portal.not_found.title')}</h1><p class="note">{t('portal.pages.not_found')}</p></div>
      : <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  }
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <article class="wildcard-page">
      <h1>{data.title}</h1>
      <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(data.content) }} />
    </article>
  );
}
