import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type GeneralTestResult } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';

const F = 'resources.general-tests.results';

/** Every attempt at the general test: who, when, how many right, passed. */
export function GeneralTestResultsTab({ testId }: { testId: number }) {
  const translate = useTranslate();
  const { data } = useGetList<GeneralTestResult>(nestedResource(ADMIN_RESOURCES.general_tests.name, testId, 'results'), {
    pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' },
  }, { staleTime: 0 });
  return (
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.general-tests.tabs.results')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${F}.user`)}</TableCell>
                <TableCell>{translate(`${F}.attempt`)}</TableCell>
                <TableCell>{translate(`${F}.status`)}</TableCell>
                <TableCell>{translate(`${F}.correct`)}</TableCell>
                <TableCell>{translate(`${F}.passed`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.user_name}</TableCell>
                  <TableCell>{r.attempt_number}</TableCell>
                  <TableCell>{translate(`resources.general-tests.attempt_status.${r.status}`, { _: r.status })}</TableCell>
                  <TableCell>{`${r.correct_count}/${r.total_questions}`}</TableCell>
                  <TableCell>{translate(r.passed ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
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
