import { ADMIN_RESOURCES, PODCASTS_REPORT_PATH, PodcastsReportRequest } from '@lp/shared/contract';
import { defineReport } from './definition.ts';
import { contentStatusWord, titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const COLUMNS = [
  { field: 'podcast_id', label: `${C}.podcast_id`, width: 10 },
  { field: 'podcast', label: `${C}.podcast`, width: 40 },
  { field: 'podcast_status', label: `${C}.content_status`, width: 14 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'listening_status', label: `${C}.enrollment_status`, width: 16 },
  { field: 'progress', label: `${C}.progress`, width: 12 },
  { field: 'finished_at', label: `${C}.completed_at`, width: 20, date: true },
  { field: 'last_listened_at', label: `${C}.last_activity_at`, width: 20, date: true },
] as const;

/**
 * The podcasts report (spec 1 §3.1 key `podcasts`; spec 3 §9 report buttons; spec 3 §3 "Podcast":
 * finished from 90 % heard): the podcasts the list shows with the same filters, one row per
 * listener with how far they listened, when they finished and when they last listened; one row
 * for a podcast nobody played.
 */
export const podcastsReport = defineReport({
  key: 'podcasts',
  path: PODCASTS_REPORT_PATH,
  title: ADMIN_RESOURCES.podcasts.title,
  permissions: [ADMIN_RESOURCES.podcasts.title, 'reports'],
  body: PodcastsReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (p: { id: number; title: string; status: number }) => ({ podcast_id: p.id, podcast: p.title, podcast_status: t(contentStatusWord(p.status)) });
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('podcasts').select(['id', 'title', 'status']).where('client_id', '=', clientId).where('id', '>', afterId);
        if (filters.status !== undefined) query = query.where('status', '=', filters.status);
        if (filters.search) query = query.where(titleContains('title', filters.search));
        return query.orderBy('id').limit(limit).execute();
      },
      // one progress row per listener (primary key podcast, user): paged by the user
      learners: (p, after, limit) => db.selectFrom('podcast_progress as pp').innerJoin('users as u', 'u.id', 'pp.user_id')
        .select(['pp.user_id', 'pp.status', 'pp.percent', 'pp.finished_at', 'pp.updated_at', 'u.full_name', 'u.email'])
        .where('pp.podcast_id', '=', p.id).where('pp.user_id', '>', after).orderBy('pp.user_id').limit(limit).execute(),
      keyOf: (l) => l.user_id,
      alone: base,
      rows: (p, listeners) => listeners.map((l) => ({
        ...base(p),
        learner: l.full_name,
        email: l.email,
        listening_status: t(`reports.enrollment_status.${l.status}`),
        progress: Number(l.percent),
        finished_at: when(l.finished_at),
        last_listened_at: when(l.updated_at),
      })),
    });
  },
});
