import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography, Box } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type DrillResult } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';

const F = 'resources.drills.results';

/** spec 3 §2 "Drill … with results": per learner, the days finished, the answers, the correct ones, approved or not. */
export function DrillResultsTab({ drillId }: { drillId: number }) {
  const translate = useTranslate();
  const { data } = useGetList<DrillResult & { id: number }>(nestedResource(ADMIN_RESOURCES.drills.name, drillId, 'results'), {
    pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' },
  }, { staleTime: 0 });
  return (
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.drills.tabs.results')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${F}.user`)}</TableCell>
                <TableCell>{translate(`${F}.days`)}</TableCell>
                <TableCell>{translate(`${F}.answered`)}</TableCell>
                <TableCell>{translate(`${F}.correct`)}</TableCell>
                <TableCell>{translate(`${F}.approved`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((r) => (
                <TableRow key={r.user_id}>
                  <TableCell>{r.user_name}</TableCell>
                  <TableCell>{r.days_answered}</TableCell>
                  <TableCell>{r.answered}</TableCell>
                  <TableCell>{r.correct}</TableCell>
                  <TableCell>{translate(r.approved ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {data?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{translate(`${F}.none`)}</Typography>}
      </CardContent>
    </Card>
  );
}
