import { useState } from 'react';
import {
  Box, CircularProgress, IconButton, Rating, Table, TableBody, TableCell, TableHead, TableRow, Tooltip,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useGetList, useTranslate } from 'react-admin';
import type { CommentOrigin } from '@lp/shared/contract';
import { commentsResource } from '../nested/nestedResources.ts';
import { CommentEditDialog } from './CommentEditDialog.tsx';
import { CommentStatusChip } from './CommentStatusChip.tsx';
import { authorName, shorten, type CommentRow } from './commentText.ts';
import { useCommentModeration } from './useCommentModeration.ts';

export interface CommentsModerationTableProps {
  origin: CommentOrigin;
  /** the route id of the content whose comments are listed */
  id: number | string;
  /** 'manager' mode: the edit action is disabled (spec 2 §2.7) */
  managerMode?: boolean;
}

/** the list answers every comment at once; react-admin's paging is not sent */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The comment moderation table embedded as a tab in several editors (spec 2 §2.7, §7.4):
 * every comment of the content (rows per page 0 = all), with a status dialog where the origin
 * has a moderation path.
 */
export function CommentsModerationTable({ origin, id, managerMode = false }: CommentsModerationTableProps) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<CommentRow | null>(null);
  const publish = useCommentModeration(origin, id);
  const withStars = origin !== 'news'; // spec 2 §2.7: stars hidden for news
  const columns = 5 + (withStars ? 1 : 0) - (publish ? 0 : 1);
  // one load per visit, no retries: a failed load says no results (spec 2 §8: only logged)
  const list = useGetList<CommentRow>(commentsResource(origin, id), ALL, {
    staleTime: 0,
    retry: false,
    onError: (error) => console.error('comments load failed', error),
  });
  const rows = list.data ?? [];

  const moderate = async (comment: CommentRow, status: number) => {
    await publish?.(comment.id, status);
    setEditing(null);
    await list.refetch();
  };

  const message = (key: string) => (
    <TableRow>
      <TableCell colSpan={columns} align="center">
        {key === 'loading_data' && <CircularProgress size={16} sx={{ mr: 1, verticalAlign: 'middle' }} />}
        {translate(`comments.${key}`)}
      </TableCell>
    </TableRow>
  );

  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('comments.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('comments.columns.id')}</TableCell>
            <TableCell>{translate('comments.columns.author')}</TableCell>
            {withStars && <TableCell>{translate('comments.columns.stars')}</TableCell>}
            <TableCell>{translate('comments.columns.comment')}</TableCell>
            <TableCell>{translate('comments.columns.status')}</TableCell>
            {publish && <TableCell align="right">{translate('comments.columns.edit')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.isPending && !list.error && message('loading_data')}
          {list.error && message('no_results_found')}
          {list.isSuccess && rows.length === 0 && message('no_data_avaliable')}
          {list.isSuccess &&
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{authorName(row.user)}</TableCell>
                {withStars && (
                  <TableCell>
                    <Rating
                      value={row.stars ?? 0}
                      max={5}
                      readOnly
                      size="small"
                      getLabelText={(value) => translate('comments.stars', { smart_count: value })}
                    />
                  </TableCell>
                )}
                <TableCell title={row.comment ?? undefined}>{shorten(row.comment)}</TableCell>
                <TableCell>
                  <CommentStatusChip status={row.status} />
                </TableCell>
                {publish && (
                  <TableCell align="right">
                    <Tooltip title={translate('comments.edit')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={translate('comments.edit')}
                          disabled={managerMode}
                          onClick={() => setEditing(row)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
        </TableBody>
      </Table>
      {editing && (
        <CommentEditDialog
          comment={editing}
          onSave={(status) => moderate(editing, status)}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
