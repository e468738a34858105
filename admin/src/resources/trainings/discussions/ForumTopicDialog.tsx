import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, MenuItem, Stack, TablePagination,
  TextField, Typography,
} from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, FORUM_ADMIN_PATHS, type ForumReply, type ForumTopic } from '@lp/shared/contract';
import {
  FORUM_REPLY_STATUSES, FORUM_ROWS_PER_PAGE, FORUM_TOPIC_STATUSES, formatDateTime, forumStatusLabel, languageIdForLocale, pageRange,
  userTimeZone, type LocaleCode,
} from '@lp/shared/rules';
import { useTrainingActions } from '../trainingActions.ts';
import { nestedResource } from '../../../common/nested/nestedResources.ts';
import { ForumReportedChip, ForumStatusChip } from './ForumChips.tsx';
import { useForumModeration } from './useForumModeration.ts';

const T = 'resources.trainings.discussions';
const REPLIES_PER_PAGE = 10;

export interface ForumTopicDialogProps {
  trainingId: number;
  topicId: number;
  /** trainings_manage: without it the moderation controls are disabled */
  canManage: boolean;
  onClose(): void;
  /** after a moderation action, so the topic table shows it */
  onChanged(): void;
}

interface StatusSelectProps {
  label: string;
  value: number;
  options: readonly number[];
  disabled: boolean;
  onChange(status: number): void;
}

function StatusSelect({ label, value, options, disabled, onChange }: StatusSelectProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      // a status outside the options (spec 2 §4.11 'no') selects nothing
      value={options.includes(value) ? value : ''}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 200 }}
    >
      {options.map((code) => (
        <MenuItem key={code} value={code}>{translate(`${T}.status.${forumStatusLabel(code)}`)}</MenuItem>
      ))}
    </TextField>
  );
}

function ReportButton({ reported, disabled, onClick }: { reported: boolean; disabled: boolean; onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button size="small" variant="outlined" color={reported ? 'inherit' : 'error'} disabled={disabled} onClick={onClick}
      startIcon={reported ? <OutlinedFlagIcon /> : <FlagIcon />}>
      {translate(reported ? `${T}.dialog.unreport` : `${T}.dialog.report`)}
    </Button>
  );
}

/**
 * The topic dialog of the discussions tab (spec 2 §2.3 "its content is not shown"; designed
 * here): the topic and its replies with author, date, text, status and reported flag, and the
 * §4.11 moderation of each — status (a topic can also be closed) and report / unreport.
 */
export function ForumTopicDialog({ trainingId, topicId, canManage, onClose, onChanged }: ForumTopicDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const actions = useTrainingActions();
  const [topic, setTopic] = useState<ForumTopic | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(REPLIES_PER_PAGE);

  const replies = useGetList<ForumReply>(nestedResource(ADMIN_RESOURCES.trainings.name, trainingId, 'forum_topics', topicId, 'replies'), {
    pagination: { page, perPage },
    sort: { field: 'created_in', order: 'ASC' },
  });

  const loadTopic = useCallback(async () => {
    try {
      setTopic(await actions.forumTopic(FORUM_ADMIN_PATHS.topic(trainingId, topicId)));
    } catch (error) {
      console.error('forum topic load failed', error);
      setFailed(true);
    }
  }, [actions, trainingId, topicId]);

  useEffect(() => {
    void loadTopic();
  }, [loadTopic]);

  const { busy, run } = useForumModeration(async () => {
    await Promise.all([loadTopic(), replies.refetch()]);
    onChanged();
  });
  const locked = !canManage || busy;
  const date = (value: string) => formatDateTime(value, languageId, userTimeZone());

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="forum-topic-title">
      <DialogTitle id="forum-topic-title" sx={{ overflowWrap: 'anywhere' }}>
        {topic?.title ?? translate(`${T}.columns.topic`)}
      </DialogTitle>
      <DialogContent dividers>
        {failed && <Alert severity="error">{translate(`${T}.dialog.load_error`)}</Alert>}
        {!topic && !failed && <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />}
        {topic && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.dialog.author`)}: {topic.author.name}
              {' · '}{translate(`${T}.dialog.created_in`)}: {date(topic.created_in)}
              {' · '}{translate(`${T}.dialog.updated_date`)}: {date(topic.updated_date)}
              {' · '}{translate(`${T}.dialog.likes`)}: {topic.likes}
              {' · '}{translate(`${T}.dialog.replies`)}: {topic.qty_answers}
            </Typography>
            <Stack direction="row" spacing={1}>
              <ForumStatusChip status={topic.status} />
              <ForumReportedChip report={topic.report} />
            </Stack>
            {topic.text && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{topic.text}</Typography>}
            <Stack direction="row" spacing={2} alignItems="center">
              <StatusSelect
                label={translate(`${T}.dialog.topic_status`)}
                value={topic.status}
                options={FORUM_TOPIC_STATUSES}
                disabled={locked}
                onChange={(status) => void run('status_change', FORUM_ADMIN_PATHS.topicStatus(trainingId, topicId), { status })}
              />
              <ReportButton
                reported={topic.report}
                disabled={locked}
                onClick={() => void (topic.report
                  ? run('unreport', FORUM_ADMIN_PATHS.topicUnreport(trainingId, topicId))
                  : run('report', FORUM_ADMIN_PATHS.topicReport(trainingId, topicId)))}
              />
            </Stack>
          </Stack>
        )}

        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3">{translate(`${T}.dialog.replies`)}</Typography>
        <Box component="ul" aria-label={translate(`${T}.dialog.replies_label`)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {replies.isPending && <li><CircularProgress size={20} aria-label={translate(`${T}.loading`)} /></li>}
          {!replies.isPending && (replies.data ?? []).length === 0 && (
            <li><Typography color="text.secondary">{translate(`${T}.dialog.no_replies`)}</Typography></li>
          )}
          {(replies.data ?? []).map((reply) => (
            <Box component="li" key={reply.id} aria-label={reply.author.name} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                {reply.author.name} · {date(reply.created_in)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1 }}>{reply.text}</Typography>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <ForumStatusChip status={reply.status} />
                <ForumReportedChip report={reply.report} />
                <StatusSelect
                  label={translate(`${T}.dialog.reply_status`)}
                  value={reply.status}
                  options={FORUM_REPLY_STATUSES}
                  disabled={locked}
                  onChange={(status) => void run('status_change', FORUM_ADMIN_PATHS.replyStatus(trainingId, topicId, reply.id), { status })}
                />
                <ReportButton
                  reported={reply.report}
                  disabled={locked}
                  onClick={() => void (reply.report
                    ? run('unreport', FORUM_ADMIN_PATHS.replyUnreport(trainingId, topicId, reply.id))
                    : run('report', FORUM_ADMIN_PATHS.replyReport(trainingId, topicId, reply.id)))}
                />
              </Stack>
            </Box>
          ))}
        </Box>
        {(replies.total ?? 0) > 0 && (
          <TablePagination
            component="div"
            count={replies.total ?? 0}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...FORUM_ROWS_PER_PAGE]}
            onPageChange={(_event, next: number) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={() => {
              const [from, to, total] = pageRange(page, perPage, replies.total ?? 0);
              return translate('admin.pagination.showing', { from, to, total, smart_count: total });
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.dialog.back`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
