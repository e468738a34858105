import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { htmlToPlainText } from '@lp/shared/rules';
import type { SurveyAnswersSummary } from '@lp/shared/contract';

type QuestionSummary = SurveyAnswersSummary['questions'][number];

/**
 * One question's answers as a bar per option (MUI X Charts). Imported lazily by the answers tab,
 * so the charts library loads with that tab only, never with the editor or the admin's first load.
 */
export default function SurveyQuestionChart({ question, label }: { question: QuestionSummary; label: string }) {
  const names = question.options.map((o) => htmlToPlainText(o.title));
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%' }}>
      <BarChart
        height={Math.max(160, names.length * 40 + 60)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: names, width: 140 }]}
        // counts of people: whole numbers on the axis
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ data: question.options.map((o) => o.count), label }]}
        hideLegend
      />
    </Box>
  );
}
