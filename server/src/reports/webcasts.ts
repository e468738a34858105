import { sql } from 'kysely';
import { ADMIN_RESOURCES, WEBCASTS_REPORT_PATH, WebcastsReportRequest } from '@lp/shared/contract';
import { FINISHED_ATTEMPT_STATUSES, WEBCAST_STATUS } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { webcastAdminListQuery } from '../repositories/webcasts.ts';
import { defineReport } from './definition.ts';
import { titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const COLUMNS = [
  { field: 'webcast_id', label: `${C}.webcast_id`, width: 10 },
  { field: 'webcast', label: `${C}.webcast`, width: 40 },
  { field: 'transmission_date', label: `${C}.transmission_date`, width: 20, date: true },
  { field: 'webcast_status', label: `${C}.content_status`, width: 16 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'subscribed_at', label: `${C}.subscribed_at`, width: 20, date: true },
  { field: 'chat_messages', label: `${C}.chat_messages`, width: 14 },
  { field: 'best_score', label: `${C}.best_score`, width: 14 },
  { field: 'attempts', label: `${C}.attempts`, width: 12 },
] as const;

const STATUS_WORDS: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(WEBCAST_STATUS).map(([word, n]) => [n, word]));

async function participation(db: Db, webcastId: number, userIds: number[]) {
  const [messages, results] = await Promise.all([
    db.selectFrom('webcast_chat_messages').select(['user_id', sql<number | string>`count(*)`.as('n')])
      .where('webcast_id', '=', webcastId).where('user_id', 'in', userIds).groupBy('user_id').execute(),
    db.selectFrom('webcast_test_results as r').innerJoin('webcast_tests as t', 't.id', 'r.test_id')
      .select(['r.user_id', sql<number | string>`max(r.score)`.as('best'), sql<number | string>`count(*)`.as('attempts')])
      .where('t.owner_id', '=', webcastId).where('r.user_id', 'in', userIds).where('r.status', 'in', [...FINISHED_ATTEMPT_STATUSES])
      .groupBy('r.user_id').execute(),
  ]);
  return {
    messages: new Map(messages.map((m) => [m.user_id!, Number(m.n)])),
    results: new Map(results.map((r) => [r.user_id, { best: Number(r.best), attempts: Number(r.attempts) }])),
  };
}

/**
 * The webcasts report (spec 1 §3.1 key `webcasts`; spec 2 §4.12–4.13): the webcasts the list shows
 * with the same filters, one row per subscriber (guest) with when they subscribed, how many chat
 * messages they sent and their best score and finished attempts in its tests; one row for a
 * webcast without subscribers.
 */
export const webcastsReport = defineReport({
  key: 'webcasts',
  path: WEBCASTS_REPORT_PATH,
  title: ADMIN_RESOURCES.webcasts.title,
  permissions: [ADMIN_RESOURCES.webcasts.title, 'reports'],
  body: WebcastsReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (w: { id: number; title: string; status: number; transmission_date: string }) => ({
      webcast_id: w.id, webcast: w.title, transmission_date: new Date(w.transmission_date),
      webcast_status: t(`resources.webcasts.status.${STATUS_WORDS[w.status] ?? 'unpublished'}`),
    });
    return walkContent({
      async contents(afterId, limit) {
        // the list's reading (repositories/webcasts.ts): deleted webcasts only when asked for
        let query = webcastAdminListQuery(db, clientId, { status: filters.status, statusFiltered: false, type: filters.webcast_type })
          .where('webcasts.id', '>', afterId);
        if (filters.search) query = query.where(titleContains('webcasts.title', filters.search));
        return query.orderBy('webcasts.id').limit(limit).execute();
      },
      learners: (w, after, limit) => db.selectFrom('webcast_subscribers as s').innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.created_at', 'u.full_name', 'u.email'])
        .where('s.webcast_id', '=', w.id).where('s.id', '>', after).orderBy('s.id').limit(limit).execute(),
      keyOf: (s) => s.id,
      alone: base,
      async rows(w, subscribers) {
        const { messages, results } = await participation(db, w.id, subscribers.map((s) => s.user_id));
        return subscribers.map((s) => ({
          ...base(w),
          learner: s.full_name,
          email: s.email,
          subscribed_at: when(s.created_at),
          chat_messages: messages.get(s.user_id) ?? 0,
          best_score: results.get(s.user_id)?.best ?? null,
          attempts: results.get(s.user_id)?.attempts ?? 0,
        }));
      },
    });
  },
});
