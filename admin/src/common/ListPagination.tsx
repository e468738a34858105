import type { ChangeEvent, MouseEvent } from 'react';
import { TablePagination, Toolbar } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { pageRange } from '@lp/shared/rules';

/** spec 1 §9: rows-per-page choices of the admin tables (5 is the default). */
export const ROWS_PER_PAGE = [5, 10, 25, 50, 100];
export const DEFAULT_PER_PAGE = 5;

/** spec 1 §2.3: "Showing {0} to {1} of {2} records". */
export function useRangeLabel(): () => string {
  const translate = useTranslate();
  const { page, perPage, total } = useListContext();
  return () => {
    const [from, to, count] = pageRange(page, perPage, total ?? 0);
    return translate('admin.pagination.showing', { from, to, total: count, smart_count: count });
  };
}

export function ListPagination() {
  const translate = useTranslate();
  const { page, perPage, total, setPage, setPerPage, isPending } = useListContext();
  const label = useRangeLabel();
  if (isPending && total === undefined) return <Toolbar variant="dense" />;
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={ROWS_PER_PAGE}
      onPageChange={(_event: MouseEvent<HTMLButtonElement> | null, next: number) => setPage(next + 1)}
      onRowsPerPageChange={(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setPerPage(Number(event.target.value))
      }
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={label}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type === 'previous' ? 'previous' : type}`)}
      showFirstButton
      showLastButton
      // a phone wraps the range and the page buttons under the rows-per-page choice, inside the screen
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 }, '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } } }}
    />
  );
}
