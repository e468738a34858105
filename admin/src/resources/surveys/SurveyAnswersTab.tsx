import { Suspense, lazy } from 'react';
import { Box, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { SURVEY_PATHS, type SurveyAnswersSummary } from '@lp/shared/contract';
import { hasOptions, htmlToPlainText } from '@lp/shared/rules';
import { ReportRequestButton } from '../../common/ReportButton.tsx';
import { useContractHttp } from '../../common/http/index.ts';

const SurveyQuestionChart = lazy(() => import('./SurveyAnswersCharts.tsx'));

/**
 * spec 3 §2 "a view of user answers": how many answered, a chart per question of the options
 * chosen, the written answers, and the xlsx export (reports registry: e-mailed, 5-minute cooldown).
 */
export function SurveyAnswersTab({ surveyId }: { surveyId: number }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const { data, isPending } = useQuery({
    queryKey: ['survey-answers', surveyId],
    queryFn: () => http.json<SurveyAnswersSummary>(SURVEY_PATHS.answers(surveyId), 'GET'),
    staleTime: 0,
  });
  if (isPending) return <LinearProgress />;
  if (!data) return null;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="p">{translate('resources.surveys.answers.respondents', { n: data.respondents, smart_count: data.respondents })}</Typography>
        <ReportRequestButton report="surveys" path={SURVEY_PATHS.report} body={() => ({ survey_id: surveyId })} label="resources.surveys.actions.export" />
      </Box>
      {data.respondents === 0 && <Typography color="text.secondary">{translate('resources.surveys.answers.none')}</Typography>}
      {data.questions.map((q, i) => {
        const title = `${i + 1}. ${htmlToPlainText(q.title)}`;
        return (
          <Card key={q.id} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2" gutterBottom>{title}</Typography>
              {hasOptions(q.question_type) && data.respondents > 0 && (
                <Suspense fallback={<LinearProgress />}>
                  <SurveyQuestionChart question={q} label={title} />
                </Suspense>
              )}
              {hasOptions(q.question_type) && (
                <List dense aria-label={title}>
                  {q.options.map((o) => (
                    <ListItem key={o.id} disableGutters>
                      <ListItemText primary={`${htmlToPlainText(o.title)}: ${o.count}`} />
                    </ListItem>
                  ))}
                </List>
              )}
              {q.texts.length > 0 && (
                <>
                  <Typography variant="subtitle2">{translate('resources.surveys.answers.texts')}</Typography>
                  <List dense>
                    {q.texts.map((t, j) => (
                      <ListItem key={j} disableGutters>
                        <ListItemText primary={t.text} secondary={t.user_name} />
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
