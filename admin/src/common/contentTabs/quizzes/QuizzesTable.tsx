import { useState } from 'react';
import {
  Box, Button, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDelete, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import type { TestOwnerContract } from '@lp/shared/contract';
import { ContentStatusChip } from '../../ContentStatusChip.tsx';
import { TESTS_KEY as KEY, readTest, testsResource, type TestData, type TestTypeOption } from './quizData.ts';

/** spec 2 §9: rows per page 0 (all) for tests; a page asks the server for one slice. */
const ALL = -1;
const ROWS_PER_PAGE = [5, 10, 25, ALL];
/** what "all" asks for: the server's largest slice */
const ALL_ROWS = 1000;

export interface QuizzesTableProps {
  owner: TestOwnerContract;
  ownerId: number;
  canManage: boolean;
  types: readonly TestTypeOption[];
  onEdit(testId: number | null): void;
  onBack(): void;
}

/**
 * spec 2 §2.3 Tests tab: a server-paged table of the owner's tests — id, title, type, question
 * count, questions displayed, realizations, status chip, available-in, score (0 blank),
 * actions — with New, edit and delete after confirmation.
 */
export function QuizzesTable({ owner, ownerId, canManage, types, onEdit, onBack }: QuizzesTableProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = testsResource(owner, ownerId);
  const [deleteOne] = useDelete();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(ALL);
  const [removing, setRemoving] = useState<TestData | null>(null);

  const list = useGetList(resource, {
    pagination: { page: perPage === ALL ? 1 : page + 1, perPage: perPage === ALL ? ALL_ROWS : perPage },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  }, {
    staleTime: 0,
    retry: false,
    // another page keeps the rows shown until it arrives
    placeholderData: (previous) => previous,
    // spec 2 §8: list loads fail silently (only logged)
    onError: (error) => console.error('tests load failed', error),
  });
  const rows: TestData[] | null = list.data
    ? list.data.map((r) => readTest(owner, r))
    : list.error ? [] : null;
  const total = list.total ?? rows?.length ?? 0;

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteOne(resource, { id: removing.id, previousData: { ...removing } }, { mutationMode: 'pessimistic', returnPromise: true });
      // useDelete invalidates the resource's lists: the table loads again by itself
      notify(`${KEY}.item_removed_success`, { type: 'success' });
    } catch (error) {
      // spec 2 §8: delete failures are silent (only logged)
      console.error('test delete failed', error);
    } finally {
      setRemoving(null);
    }
  };

  const typeLabel = (id: number) => {
    const slug = types.find((t) => t.id === id)?.slug;
    return slug ? translate(`trainings.test_types.${slug}`) : String(id);
  };

  const columns = ['id', 'title', 'type', 'qty_questions', 'qty_total_questions', 'qty_user_results', 'status', 'avaliable_in', 'test_score'];

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => onEdit(null)}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.title`)}>
          <TableHead>
            <TableRow>
              {columns.map((c) => <TableCell key={c}>{translate(`${KEY}.columns.${c}`)}</TableCell>)}
              <TableCell align="right">{translate(`${KEY}.columns.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === null && (
              <TableRow>
                <TableCell colSpan={columns.length + 1} align="center"><CircularProgress size={16} aria-label={translate(`${KEY}.loading`)} /></TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1} align="center">{translate(`${KEY}.empty`)}</TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell>{typeLabel(row.test_type)}</TableCell>
                <TableCell>{row.qty_questions}</TableCell>
                {/* spec 2 §3.4: when it is empty, lists show qty_questions */}
                <TableCell>{row.qty_total_questions ?? row.qty_questions}</TableCell>
                <TableCell>{row.qty_user_results}</TableCell>
                <TableCell><ContentStatusChip status={row.status} feminine /></TableCell>
                <TableCell>{row.avaliable_in ? formatDate(row.avaliable_in, languageId) : ''}</TableCell>
                {/* spec 2 §3.4: 0 is shown blank (the training score is used) */}
                <TableCell>{row.test_score ? row.test_score : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {/* without trainings_manage the editor still opens, read-only (spec 2 §6 "viewing remains") */}
                  <Tooltip title={translate(`${KEY}.edit`)}>
                    <IconButton size="small" aria-label={translate(`${KEY}.edit_test`, { title: row.title })} onClick={() => onEdit(row.id)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate(`${KEY}.delete`)}>
                    <span>
                      <IconButton size="small" aria-label={translate(`${KEY}.delete_test`, { title: row.title })} disabled={!canManage} onClick={() => setRemoving(row)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={perPage === ALL ? 0 : page}
        rowsPerPage={perPage}
        rowsPerPageOptions={ROWS_PER_PAGE.map((n) => (n === ALL ? { label: translate(`${KEY}.all_rows`), value: ALL } : n))}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={translate(`${KEY}.rows_per_page`)}
        labelDisplayedRows={({ from, to, count }) => translate(`${KEY}.displayed_rows`, { from, to, count })}
      />
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>{translate(`${KEY}.back`)}</Button>
      </Box>
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_title`}
        content={`${KEY}.delete_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
