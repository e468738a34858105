import {
  Box, Button, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PreviewIcon from '@mui/icons-material/Preview';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import type { TestLocks } from '@lp/shared/rules';
import { ContentStatusChip } from '../../ContentStatusChip.tsx';
import { TESTS_KEY as KEY, questionSnippet, type QuestionData } from './quizData.ts';

export interface QuizQuestionsTableProps {
  questions: readonly QuestionData[];
  canManage: boolean;
  /** the test is being saved */
  busy: boolean;
  locks: TestLocks;
  onPreview(): void;
  onImport(): void;
  onNew(): void;
  onEdit(question: QuestionData): void;
  onDelete(question: QuestionData): void;
}

/**
 * spec 2 §2.3 the test editor's questions: Preview (only when questions exist), Import test and
 * New above a table of the questions (title cut at 100 characters without tags, §9), with edit
 * and delete. §4.4: import, New and delete are locked on a test with results.
 */
export function QuizQuestionsTable({ questions, canManage, busy, locks, onPreview, onImport, onNew, onEdit, onDelete }: QuizQuestionsTableProps) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>{translate(`${KEY}.questions`)}</Typography>
        {questions.length > 0 && (
          <Button startIcon={<PreviewIcon />} onClick={onPreview}>{translate(`${KEY}.preview`)}</Button>
        )}
        <Button startIcon={<UploadFileIcon />} disabled={!canManage || busy || locks.import} onClick={onImport}>
          {translate(`${KEY}.import_test`)}
        </Button>
        <Button startIcon={<AddIcon />} disabled={!canManage || busy || locks.addQuestions} onClick={onNew}>
          {translate(`${KEY}.new_question`)}
        </Button>
      </Box>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.questions`)}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate(`${KEY}.columns.question`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.qty_answers`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.is_mandatory`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.status`)}</TableCell>
              <TableCell align="right">{translate(`${KEY}.columns.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {questions.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center">{translate(`${KEY}.no_questions`)}</TableCell>
              </TableRow>
            )}
            {questions.map((question, index) => {
              const snippet = questionSnippet(question.title);
              return (
                <TableRow key={question.id}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{snippet}</TableCell>
                  <TableCell>{question.answers.length}</TableCell>
                  <TableCell>{translate(question.is_mandatory ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  {/* spec 2 §4.3: questions in a list are always shown as status 1 */}
                  <TableCell><ContentStatusChip status={1} feminine /></TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {/* without trainings_manage the dialog still opens, read-only */}
                    <Tooltip title={translate(`${KEY}.edit`)}>
                      <IconButton size="small" aria-label={translate(`${KEY}.edit_question_named`, { title: snippet })} onClick={() => onEdit(question)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate(`${KEY}.delete`)}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={translate(`${KEY}.delete_question`, { title: snippet })}
                          disabled={!canManage || locks.deleteQuestions}
                          onClick={() => onDelete(question)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
