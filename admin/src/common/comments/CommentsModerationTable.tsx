import { useEffect, useState } from 'react';
import {
  Box, CircularProgress, IconButton, Rating, Table, TableBody, TableCell, TableHead, TableRow, Tooltip,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import { commentsListPath, publishCommentPath, type CommentOrigin } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { CommentEditDialog } from './CommentEditDialog.tsx';
import { CommentStatusChip } from './CommentStatusChip.tsx';
import { authorName, shorten, type CommentRow } from './commentText.ts';

export interface CommentsModerationTableProps {
  origin: CommentOrigin;
  /** the route id of the content whose comments are listed */
  id: number | string;
  /** 'manager' mode: the edit action is disabled (spec 2 §2.7) */
  managerMode?: boolean;
}

type Loaded = { state: 'loading' } | { state: 'done'; rows: CommentRow[] } | { state: 'failed' };

/**
 * The comment moderation table embedded as a tab in several editors (spec 2 §2.7, §7.4):
 * every comment of the content (rows per page 0 = all), with a status dialog where the origin
 * has a moderation path.
 */
export function CommentsModerationTable({ origin, id, managerMode = false }: CommentsModerationTableProps) {
  const translate = useTranslate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [editing, setEditing] = useState<CommentRow | null>(null);
  const publishPath = publishCommentPath(origin, id);
  const withStars = origin !== 'news'; // spec 2 §2.7: stars hidden for news
  const columns = 5 + (withStars ? 1 : 0) - (publishPath ? 0 : 1);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    apiClient.json<CommentRow[]>(commentsListPath(origin, id)).then(
      (rows) => live && setLoaded({ state: 'done', rows: Array.isArray(rows) ? rows : [] }),
      (error: unknown) => {
        // spec 2 §8: a failed comment load is silent (only logged)
        console.error('comments load failed', error);
        if (live) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [origin, id, reloads]);

  const moderate = async (comment: CommentRow, status: number) => {
    if (!publishPath) return;
    const form = new FormData();
    form.append('status', String(status));
    form.append('id', String(comment.id));
    try {
      const res = await apiClient.request(publishPath, { method: 'POST', body: form });
      if (!res.ok) console.error('comment moderation failed', res.status);
    } catch (error) {
      // spec 2 §8: moderation failures are silent too
      console.error('comment moderation failed', error);
    }
    setEditing(null);
    setReloads((n) => n + 1);
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
            {publishPath && <TableCell align="right">{translate('comments.columns.edit')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {loaded.state === 'loading' && message('loading_data')}
          {loaded.state === 'failed' && message('no_results_found')}
          {loaded.state === 'done' && loaded.rows.length === 0 && message('no_data_avaliable')}
          {loaded.state === 'done' &&
            loaded.rows.map((row) => (
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
                {publishPath && (
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
