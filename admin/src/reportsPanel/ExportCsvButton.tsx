import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { csvFormatFor, toCsv } from '@lp/shared/rules';
import { saveBlob } from '../common/http/saveBlob.ts';
import type { ChartTable } from '../overview/chartData.ts';

/** The CSV file of a chart's table: header and rows, formula-like texts escaped, in the admin's locale's format. */
export function chartCsv(table: ChartTable, locale: string): Blob {
  // the byte-order mark makes spreadsheet programs read the file as UTF-8 (accented names)
  return new Blob([`\uFEFF${toCsv([table.columns, ...table.rows], csvFormatFor(locale))}`], { type: 'text/csv;charset=utf-8' });
}

/**
 * Downloads the data a chart draws (spec 1 §6.2 reports_panel "export of each chart's data"),
 * built in the browser from the table the chart reads: nothing is asked of the server again.
 */
export function ExportCsvButton({ table, title, filename }: { table: ChartTable; title: string; filename: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={table.rows.length === 0}
      aria-label={translate('admin.reports_panel.export_chart', { chart: title })}
      onClick={() => saveBlob(chartCsv(table, locale), filename)}>
      {translate('admin.reports_panel.export_csv')}
    </Button>
  );
}
