import { lazy, Suspense } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import { SWRConfig } from 'swr';
import { useParams, useSearch } from 'wouter-preact';
import { LEARNER_PATHS, LEARNER_WEBCAST_PATHS, PREVIEW_GRANT_HEADER } from '@lp/shared/contract';
import { api, fetcher } from '../../lib/api.ts';
import { useI18n, withMessages } from '../../lib/i18n.ts';
import { PreviewContext } from '../../lib/preview.ts';
import { Message } from '../../components/message/index.tsx';

const CourseDetail = lazy(() => import('../course-detail/index.tsx').then((m) => ({ default: m.CourseDetail })));
const WebcastWatch = lazy(() => withMessages('webcasts', import('../webcast-watch/index.tsx').then((m) => ({ default: m.WebcastWatch }))));

/**
 * /preview/{training|webcast}/{id}?grant=…&as=… — spec 1 §2.3 "view editor as a student": the
 * training or webcast page as the grant's learner sees it, opened from the admin editor. The
 * content's read carries the grant (the server answers as that learner and records nothing); the
 * answers live in a cache of their own, apart from the administrator's; the pages offer nothing
 * that writes, and the banner says so.
 */
export default function PreviewPage() {
  const { t } = useI18n();
  const params = useParams<{ kind: string; id: string }>();
  const search = new URLSearchParams(useSearch());
  const grant = search.get('grant') ?? '';
  const name = search.get('as') ?? '';
  const id = Number(params.id);
  const kind = params.kind === 'training' || params.kind === 'webcast' ? params.kind : null;
  const path = kind === 'training' ? LEARNER_PATHS.training(id) : LEARNER_WEBCAST_PATHS.webcast(id);
  const config = useMemo(() => ({
    provider: () => new Map(),
    fetcher: (key: string) => (key === path ? api.json(key, { headers: { [PREVIEW_GRANT_HEADER]: grant } }) : fetcher(key)),
    // a refused or expired grant stays refused: asking again changes nothing
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  }), [path, grant]);

  if (!kind || !grant || !Number.isInteger(id) || id <= 0) {
    return <section class="preview-page"><Message kind="error">{t('portal.courses.preview.invalid')}</Message></section>;
  }
  return (
    <PreviewContext.Provider value={{ grant }}>
      <div class="admin-view-banner" role="status">{t('portal.courses.preview.banner', { name })}</div>
      <SWRConfig value={config}>
        <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>
          {kind === 'training' ? <CourseDetail trainingId={id} /> : <WebcastWatch webcastId={id} />}
        </Suspense>
      </SWRConfig>
    </PreviewContext.Provider>
  );
}
