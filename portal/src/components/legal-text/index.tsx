import { INSTITUTIONAL_PAGES, type InstitutionalPage, type LegalTextKind } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useLegalText } from '../../hooks/use-legal-text.ts';
import { Message } from '../message/index.tsx';

function LegalText({ kind, heading }: { kind: LegalTextKind; heading: boolean }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const { data, error } = useLegalText(kind, locale);
  const missing = error && errorCode(error) === 'not_found';
  return (
    <section class="legal-text" aria-labelledby={`legal-${kind}`}>
      <h2 id={`legal-${kind}`} class={heading ? undefined : 'visually-hidden'}>{t(`portal.institutional.kinds.${kind}`)}</h2>
      {missing && <p class="note">{t('portal.institutional.not_written')}</p>}
      {error && !missing && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data && (
        <>
          <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(data.content) }} />
          <p class="note">{t('portal.institutional.updated_at', { date: dates.instant(data.updated_at) })}</p>
        </>
      )}
    </section>
  );
}

/**
 * An institutional page (spec 1 §2.1 about, privacy, terms; §2.2 institutional/*): the client's
 * legal texts an administrator wrote (spec 1 §2.3), in the reader's language or Portuguese.
 */
export function InstitutionalTexts({ page }: { page: InstitutionalPage }) {
  const { t } = useI18n();
  const kinds = INSTITUTIONAL_PAGES[page];
  return (
    <article class="institutional">
      <h1>{t(`portal.institutional.pages.${page}`)}</h1>
      {kinds.map((kind) => <LegalText key={kind} kind={kind} heading={kinds.length > 1} />)}
    </article>
  );
}
