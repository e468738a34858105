import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TESTS_KEY as KEY, type QuestionData } from './quizData.ts';

export interface QuizPreviewDialogProps {
  title: string;
  questions: readonly QuestionData[];
  onClose(): void;
}

/**
 * spec 2 §2.3 test preview (offered only when questions exist): the questions and their
 * alternatives as a learner sees them, read-only. The HTML was sanitised by the server.
 */
export function QuizPreviewDialog({ title, questions, onClose }: QuizPreviewDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="test-preview-title">
      <DialogTitle id="test-preview-title">{translate(`${KEY}.preview_title`, { title })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {questions.map((question, index) => (
            <Box key={question.id} component="section" aria-label={translate(`${KEY}.question_n`, { n: index + 1 })}>
              <Typography variant="overline">
                {translate(`${KEY}.question_n`, { n: index + 1 })}
                {question.is_mandatory ? '' : ` · ${translate(`${KEY}.optional`)}`}
              </Typography>
              <Box dangerouslySetInnerHTML={{ __html: question.title }} />
              <RadioGroup name={`preview-${question.id}`}>
                {question.answers.map((a) => (
                  <FormControlLabel
                    key={a.id}
                    value={String(a.id)}
                    disabled
                    control={<Radio />}
                    label={<span dangerouslySetInnerHTML={{ __html: a.title }} />}
                  />
                ))}
              </RadioGroup>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
