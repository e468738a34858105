import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

/**
 * A chart's card: a heading (with an action beside it, the BI panel's export), and the chart as
 * one image named by it (the figures are in the cards and tables too).
 */
export function ChartCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">{title}</Typography>
          {action}
        </Box>
        <Box role="img" aria-label={title} sx={{ width: '100%' }}>{children}</Box>
      </CardContent>
    </Card>
  );
}
