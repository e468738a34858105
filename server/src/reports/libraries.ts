import { ADMIN_RESOURCES, LIBRARIES_REPORT_PATH, LibrariesReportRequest } from '@lp/shared/contract';
import { LIBRARY_FILE_STATUS } from '@lp/shared/rules';
import { defineReport } from './definition.ts';
import { titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const COLUMNS = [
  { field: 'file_id', label: `${C}.file_id`, width: 10 },
  { field: 'file', label: `${C}.file`, width: 40 },
  { field: 'category', label: `${C}.category`, width: 24 },
  { field: 'file_status', label: `${C}.content_status`, width: 14 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'viewed_at', label: `${C}.viewed_at`, width: 20, date: true },
  { field: 'downloaded_at', label: `${C}.downloaded_at`, width: 20, date: true },
] as const;

/**
 * The library report (spec 1 §3.1 key `libraries`; spec 3 §9 report buttons): the files the list
 * shows with the same filters, one row per learner who opened or downloaded a file, with when
 * (each counted once, spec 3 §3 "Library file"); one row for a file nobody opened.
 */
export const librariesReport = defineReport({
  key: 'libraries',
  path: LIBRARIES_REPORT_PATH,
  title: ADMIN_RESOURCES.libraries.title,
  permissions: [ADMIN_RESOURCES.libraries.title, 'reports'],
  body: LibrariesReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (f: { id: number; title: string; status: number; category_name: string | null }) => ({
      file_id: f.id, file: f.title, category: f.category_name,
      file_status: t(`resources.libraries.status.${f.status === LIBRARY_FILE_STATUS.active ? 'active' : 'inactive'}`),
    });
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('library_files as f')
          .leftJoin('library_categories as c', (j) => j.onRef('c.id', '=', 'f.category_id').on('c.client_id', '=', clientId))
          .select(['f.id', 'f.title', 'f.status', 'c.name as category_name'])
          .where('f.client_id', '=', clientId).where('f.id', '>', afterId);
        if (filters.status !== undefined) query = query.where('f.status', '=', filters.status);
        if (filters.category !== undefined) query = query.where('f.category_id', '=', filters.category);
        if (filters.search) query = query.where(titleContains('f.title', filters.search));
        return query.orderBy('f.id').limit(limit).execute();
      },
      learners: (f, after, limit) => db.selectFrom('library_file_users as fu').innerJoin('users as u', 'u.id', 'fu.user_id')
        .select(['fu.user_id', 'fu.viewed_at', 'fu.downloaded_at', 'u.full_name', 'u.email'])
        .where('fu.library_file_id', '=', f.id).where('fu.user_id', '>', after).orderBy('fu.user_id').limit(limit).execute(),
      keyOf: (l) => l.user_id,
      alone: base,
      rows: (f, readers) => readers.map((r) => ({
        ...base(f), learner: r.full_name, email: r.email, viewed_at: when(r.viewed_at), downloaded_at: when(r.downloaded_at),
      })),
    });
  },
});
