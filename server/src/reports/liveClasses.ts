import { ADMIN_RESOURCES, LIVE_CLASS_PATHS, LiveClassReportRequest } from '@lp/shared/contract';
import { LIVE_CLASS_STATUS } from '@lp/shared/rules';
import { defineReport } from './definition.ts';
import { titleContains, walkContent, when } from './queries.ts';

const L = 'live_classes.report';
const COLUMNS = [
  { field: 'id', label: `${L}.id`, width: 10 },
  { field: 'title', label: `${L}.title`, width: 40 },
  { field: 'live_class_type', label: `${L}.live_class_type`, width: 14 },
  { field: 'live_class_date', label: `${L}.live_class_date`, width: 20, date: true },
  { field: 'status', label: `${L}.status`, width: 14 },
  { field: 'participant', label: `${L}.participant`, width: 32 },
  { field: 'email', label: `${L}.email`, width: 32 },
  { field: 'subscribed_at', label: `${L}.subscribed_at`, width: 20, date: true },
  { field: 'entered_at', label: `${L}.entered_at`, width: 20, date: true },
  { field: 'completed_at', label: `${L}.completed_at`, width: 20, date: true },
] as const;

/**
 * The live classes report (spec 3 §9 report buttons, §4 "Reports … generated asynchronously and
 * sent by e-mail"): the client's classes the list shows with the same filters, one row per
 * participant (subscriber or invitee) with when they subscribed, entered and completed, or one
 * row for a class without any.
 */
export const liveClassesReport = defineReport({
  key: 'live_classes',
  path: LIVE_CLASS_PATHS.report,
  title: ADMIN_RESOURCES.live_classes.title,
  permissions: [ADMIN_RESOURCES.live_classes.title, 'reports'],
  body: LiveClassReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (c: { id: number; title: string; live_class_type: string; live_class_date: string; status: number }) => ({
      id: c.id, title: c.title, live_class_type: t(`live_classes.types.${c.live_class_type}`), live_class_date: new Date(c.live_class_date),
      status: t(`live_classes.statuses.${c.status}`),
    });
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('live_classes')
          .select(['id', 'title', 'live_class_type', 'live_class_date', 'status'])
          .where('client_id', '=', clientId).where('id', '>', afterId);
        // the admin list's reading (routes/live-classes/admin.ts): deleted classes only when asked for
        query = filters.status !== undefined ? query.where('status', '=', filters.status) : query.where('status', '!=', LIVE_CLASS_STATUS.deleted);
        if (filters.live_class_type) query = query.where('live_class_type', '=', filters.live_class_type);
        if (filters.search) query = query.where(titleContains('title', filters.search));
        return query.orderBy('id').limit(limit).execute();
      },
      learners: (c, after, limit) => db.selectFrom('live_class_participants as p').innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.created_at', 'p.entered_at', 'p.completed_at', 'u.full_name', 'u.email'])
        .where('p.live_class_id', '=', c.id).where('p.id', '>', after).orderBy('p.id').limit(limit).execute(),
      keyOf: (p) => p.id,
      alone: base,
      rows: (c, people) => people.map((p) => ({
        ...base(c), participant: p.full_name, email: p.email, subscribed_at: new Date(p.created_at), entered_at: when(p.entered_at), completed_at: when(p.completed_at),
      })),
    });
  },
});
