import type { ReactNode } from 'react';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate, type Identifier } from 'react-admin';

export interface ResultColumn<T> {
  /** translation key of the header */
  label: string;
  cell(row: T, translate: ReturnType<typeof useTranslate>): ReactNode;
}

/**
 * A content's results tab (who took it and how it went): every row of a nested `results` list,
 * read fresh, in a plain table that scrolls sideways on a phone.
 */
export function ResultsTable<T extends { id: Identifier }>({ resource, label, columns, emptyText }: {
  /** the nested list, e.g. nestedResource(drills, id, 'results') */
  resource: string;
  /** translation key naming the table */
  label: string;
  columns: ReadonlyArray<ResultColumn<T>>;
  /** translation key shown when nobody has results yet */
  emptyText: string;
}) {
  const translate = useTranslate();
  const { data } = useGetList<T>(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } }, { staleTime: 0 });
  return (
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(label)}>
            <TableHead>
              <TableRow>{columns.map((c) => <TableCell key={c.label}>{translate(c.label)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((row) => (
                <TableRow key={String(row.id)}>{columns.map((c) => <TableCell key={c.label}>{c.cell(row, translate)}</TableCell>)}</TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {data?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{translate(emptyText)}</Typography>}
      </CardContent>
    </Card>
  );
}
