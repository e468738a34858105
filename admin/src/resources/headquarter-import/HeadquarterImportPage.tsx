import { useMemo, useState } from 'react';
import { Button, Card, CardContent, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Title, useTranslate } from 'react-admin';
import { IMPORTS_PATH, importLogsPath, importPath, importProcessPath, type ImportCreate, type ImportRecord } from '@lp/shared/contract';
import { IMPORT_TEXTS, RecordImportDialog, useLinkedImport, type RecordImportPaths } from '../../common/recordImport/index.ts';

const R = 'resources.headquarter-import';
const PATHS: RecordImportPaths = {
  template: '/admin_imports/templates/headquarters/',
  create: IMPORTS_PATH,
  item: importPath,
  logs: importLogsPath,
  process: importProcessPath,
};

/**
 * spec 1 §2.3 headquarter-import (title headquarter_import, §6.2): the chains/companies import on
 * its own page, so holders of the module item reach it without the superuser's imports screen. The
 * imports screen's steps in the one import dialog (template, .xlsx through tus, save and validate,
 * the lines in error, Process) against the imports API, which lets this item run the headquarters
 * type only. The notification at the end of a pass links here with `?import={id}`.
 */
export function HeadquarterImportPage() {
  const translate = useTranslate();
  const [finished, setFinished] = useState<number | null>(null);
  const { open, openDialog, shown, close } = useLinkedImport({ paths: PATHS, importType: 'headquarters', notFoundKey: `${R}.not_found` });

  const label = translate(`${R}.button`);
  const counts = useMemo(() => (record: ImportRecord) =>
    `${translate(`${IMPORT_TEXTS}.fields.counts`)}: ${record.created_count} / ${record.updated_count} / ${record.error_count}`, [translate]);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${R}.name`} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${R}.intro`)}</Typography>
        <RecordImportDialog
          label={label} open={open} onOpen={openDialog} onClose={close} shown={shown}
          uploadKind="import" paths={PATHS} templateName="headquarters.xlsx"
          onDone={() => setFinished(Date.now())}
          createBody={(upload_id) => ({ import_type: 'headquarters', upload_id } satisfies ImportCreate)}
          counts={counts}
          button={<Button variant="contained" startIcon={<UploadFileIcon />} onClick={openDialog}>{label}</Button>}
        />
        {finished !== null && <Typography variant="body2" role="status" sx={{ mt: 2 }}>{translate(`${R}.finished`)}</Typography>}
      </CardContent>
    </Card>
  );
}

export default HeadquarterImportPage;
