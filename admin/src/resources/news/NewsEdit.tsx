import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  HttpError, Loading, Title, useCreate, useGetOne, useNotify, useTranslate, useUpdate,
} from 'react-admin';
import { ADMIN_RESOURCES, type News } from '@lp/shared/contract';
import { TabbedEditor, formErrorsOf, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { NewsForm } from './NewsForm.tsx';
import { NEWS_FORM_FIELDS, NEW_NEWS, newsFormValues, newsPayload, validateNewsForm, type NewsFormValues } from './newsPayload.ts';
import { useNewsAccess } from './useNewsAccess.ts';

const RESOURCE = ADMIN_RESOURCES.news.name;
const LIST = `/${RESOURCE}`;
type NewsTab = 'news' | 'comments';

/** A missing item, or one the user may not see, is not asked for again. */
const retryUnlessRefused = (count: number, error: unknown) => !(error instanceof HttpError && [403, 404].includes(error.status)) && count < 2;

/** GET N/ (spec 3 §7): the news resource's record. */
export function useNews(id: number | null) {
  return useGetOne<News>(RESOURCE, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0, retry: retryUnlessRefused });
}

/** The news tab: the form of a new (id null) or saved item; saving returns to admin_news (spec 3 §7). */
function NewsFormTab({ newsId }: { newsId: number | null }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const { data: news, error } = useNews(newsId);
  const values = useMemo(() => (news ? newsFormValues(news) : NEW_NEWS), [news]);
  const validate = useCallback((form: Record<string, unknown>) => validateNewsForm(form as unknown as NewsFormValues), []);

  useEffect(() => {
    if (error) navigate(LIST, { replace: true });
  }, [error, navigate]);
  if (error) return null;
  if (newsId && !news) return <Loading />;

  const save = async (form: NewsFormValues) => {
    const body = newsPayload(form);
    try {
      if (newsId) await update(RESOURCE, { id: newsId, data: body, previousData: news }, { returnPromise: true });
      else await create(RESOURCE, { data: body }, { returnPromise: true });
      notify(newsId ? 'resources.news.messages.news_edit_success' : 'resources.news.messages.news_add_success', { type: 'success' });
      navigate(LIST);
      return undefined;
    } catch (failure) {
      // spec 3 §8: server errors are only logged, no message; field errors still go back to their inputs
      console.error('news save failed', failure);
      return formErrorsOf(failure, NEWS_FORM_FIELDS);
    }
  };

  return <NewsForm key={news?.id ?? 'new'} values={values} validate={validate} onSubmit={save} />;
}

/**
 * spec 3 §2 news editor at /news/{id} (0 = new): tabs "news" and "comments" (the latter for a
 * saved item, where the client uses news comments), under the client's title_news heading.
 */
export function NewsEdit() {
  const params = useParams();
  const translate = useTranslate();
  const { heading, commentsTab } = useNewsAccess();
  const newsId = params.id && Number(params.id) > 0 ? Number(params.id) : null;
  const visible: NewsTab[] = newsId && commentsTab ? ['news', 'comments'] : ['news'];
  const { current, select } = useEditorTab(`${LIST}/${newsId ?? 0}`, visible, { onTabSetChange: 'keep-named' });
  const { data } = useNews(newsId);
  const name = heading ?? translate('resources.news.name', { smart_count: 2 });

  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels="resources.news.tabs"
      title={<Title title={`${name}: ${data?.title ?? translate('resources.news.new')}`} />}>
      {current === 'comments' && newsId
        // spec 3 §9: stars hidden for news; the news permission moderates (spec 3 §6)
        ? <CommentsModerationTable origin="news" id={newsId} />
        : <NewsFormTab newsId={newsId} />}
    </TabbedEditor>
  );
}

/** /news/create: the editor of a new item (the same as id 0). */
export function NewsCreate() {
  return <NewsEdit />;
}

export default NewsEdit;
