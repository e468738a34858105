import { useState, type KeyboardEvent } from 'react';
import {
  Box, InputAdornment, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Tooltip,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type ForumTopicItem } from '@lp/shared/contract';
import {
  FORUM_ROWS_PER_PAGE, FORUM_SEARCH_DEBOUNCE_MS, forumAuthorPreview, forumTopicPreview, formatDateTime, languageIdForLocale, pageRange,
  userTimeZone, type LocaleCode,
} from '@lp/shared/rules';
import { ForumReportedChip, ForumStatusChip } from './discussions/ForumChips.tsx';
import { ForumTopicDialog } from './discussions/ForumTopicDialog.tsx';
import { useDebouncedValue } from './discussions/useDebouncedValue.ts';
import { nestedResource } from '../../common/nested/nestedResources.ts';

export interface TrainingDiscussionsTabProps {
  trainingId: number;
  /** trainings_manage (spec 2 §6): without it the moderation controls are disabled */
  canManage: boolean;
}

const T = 'resources.trainings.discussions';
const COLUMNS = ['topic', 'replies', 'author', 'updated_date', 'status', 'reported'] as const;

/**
 * spec 2 §2.3 discussions tab (training forum, shown with has_forum): the topics of the
 * training (§7.1 list_all_topic) with a search debounced 500 ms and 5/10/50/100 rows per page,
 * newest activity first; a row opens the topic dialog with its replies and the moderation.
 */
export function TrainingDiscussionsTab({ trainingId, canManage }: TrainingDiscussionsTabProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), FORUM_SEARCH_DEBOUNCE_MS);
  // the page belongs to one search: a new search starts from the first page
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const [perPage, setPerPage] = useState<number>(FORUM_ROWS_PER_PAGE[0]);
  const [openId, setOpenId] = useState<number | null>(null);

  const { data, total, isPending, refetch } = useGetList<ForumTopicItem>(
    nestedResource(ADMIN_RESOURCES.trainings.name, trainingId, 'forum_topics'),
    { pagination: { page, perPage }, sort: { field: 'updated_date', order: 'DESC' }, filter: q ? { q } : {} },
    // spec 2 §8: a failed list load is silent, only logged
    { onError: (error) => console.error('forum topics load failed', error) },
  );
  const rows = data ?? [];

  const open = (id: number) => (event?: KeyboardEvent) => {
    if (event && event.key !== 'Enter' && event.key !== ' ') return;
    event?.preventDefault();
    setOpenId(id);
  };

  return (
    <Box>
      <TextField
        size="small"
        label={translate(`${T}.search`)}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        sx={{ mb: 2, minWidth: 280 }}
      />
      <TableContainer>
        <Table size="small" aria-label={translate(`${T}.table_label`)}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'replies' ? 'right' : 'left'}>{translate(`${T}.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center">{translate(isPending ? `${T}.loading` : `${T}.empty`)}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover tabIndex={0} onClick={() => open(row.id)()} onKeyDown={open(row.id)} sx={{ cursor: 'pointer' }}>
                <TableCell>
                  <Tooltip title={row.title}>
                    <span>{forumTopicPreview(row.title)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right">{row.qty_answers}</TableCell>
                <TableCell>{forumAuthorPreview(row.author?.name)}</TableCell>
                <TableCell>{formatDateTime(row.updated_date, languageId, userTimeZone())}</TableCell>
                <TableCell><ForumStatusChip status={row.status} /></TableCell>
                <TableCell><ForumReportedChip report={row.report} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? 0}
        page={Math.max(0, page - 1)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...FORUM_ROWS_PER_PAGE]}
        onPageChange={(_event, next: number) => setPaging({ q, page: next + 1 })}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPaging({ q, page: 1 });
        }}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={() => {
          const [from, to, count] = pageRange(page, perPage, total ?? 0);
          return translate('admin.pagination.showing', { from, to, total: count, smart_count: count });
        }}
        getItemAriaLabel={(type) => translate(`ra.navigation.${type === 'previous' ? 'previous' : type}`)}
        showFirstButton
        showLastButton
      />
      {openId !== null && (
        <ForumTopicDialog
          trainingId={trainingId}
          topicId={openId}
          canManage={canManage}
          onClose={() => setOpenId(null)}
          onChanged={() => void refetch()}
        />
      )}
    </Box>
  );
}
