import { ADMIN_RESOURCES, MAILING_REPORT_PATH, MailingReportRequest } from '@lp/shared/contract';
import { messageListQuery } from '../repositories/messages.ts';
import { defineReport } from './definition.ts';
import { titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const R = 'resources.messages.recipients';
const COLUMNS = [
  { field: 'message_id', label: `${C}.message_id`, width: 10 },
  { field: 'message', label: `${C}.message`, width: 40 },
  { field: 'send_date', label: `${C}.send_date`, width: 20, date: true },
  { field: 'message_status', label: `${C}.content_status`, width: 14 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'reading', label: `${R}.read`, width: 16 },
  { field: 'read_at', label: `${R}.read_at`, width: 20, date: true },
  { field: 'opened_in', label: `${R}.opened_in`, width: 12 },
  { field: 'email_status', label: `${C}.email_status`, width: 14 },
  { field: 'email_sent_at', label: `${C}.email_sent_at`, width: 20, date: true },
] as const;

/**
 * The mailing report (spec 1 §3.1 key `mailing`; spec 3 §3 "Messages … per recipient: read /
 * opened in / not viewed yet", §9 report buttons): the messages the list shows with the same
 * filters, one row per recipient with the reading and the e-mail's delivery; one row for a message
 * without recipients yet (scheduled).
 */
export const mailingReport = defineReport({
  key: 'mailing',
  path: MAILING_REPORT_PATH,
  title: ADMIN_RESOURCES.messages.title,
  permissions: [ADMIN_RESOURCES.messages.title, 'reports'],
  body: MailingReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (m: { id: number; title: string; send_date: string; status: string }) => ({
      message_id: m.id, message: m.title, send_date: new Date(m.send_date), message_status: t(`resources.messages.status.${m.status}`),
    });
    return walkContent({
      async contents(afterId, limit) {
        let query = messageListQuery(db, clientId, filters.status).where('messages.id', '>', afterId);
        if (filters.search) query = query.where(titleContains('messages.title', filters.search));
        return query.orderBy('messages.id').limit(limit).execute();
      },
      learners: (m, after, limit) => db.selectFrom('message_recipients as r').innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.read_at', 'r.opened_in', 'r.email_status', 'r.email_sent_at', 'u.full_name', 'u.email'])
        .where('r.message_id', '=', m.id).where('r.id', '>', after).orderBy('r.id').limit(limit).execute(),
      keyOf: (r) => r.id,
      alone: base,
      rows: (m, recipients) => recipients.map((r) => ({
        ...base(m),
        learner: r.full_name,
        email: r.email,
        reading: t(`${R}.states.${r.read_at ? 'read' : 'not_viewed'}`),
        read_at: when(r.read_at),
        opened_in: r.opened_in ? t(`${R}.opened_in_values.${r.opened_in}`) : null,
        email_status: t(`${R}.email_states.${r.email_status}`),
        email_sent_at: when(r.email_sent_at),
      })),
    });
  },
});
