import { useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { canProcessImport, type ImportRecord } from '@lp/shared/contract';
import { useImportActions } from './importActions.ts';
import { RESOURCE_KEY, useImportErrorMessage } from './importFields.tsx';

/** spec 1 §4.3 "process": only a validated import, after a confirmation. */
export function ProcessImportButton() {
  const record = useRecordContext<ImportRecord>();
  const importActions = useImportActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorMessage = useImportErrorMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const process = async () => {
    setBusy(true);
    try {
      await importActions.process(record.id);
      notify(`${RESOURCE_KEY}.process.started`, { type: 'info' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
      refresh(); // the record turns to processing and the detail polls again
    }
  };

  return (
    <>
      <Button
        label={`${RESOURCE_KEY}.process.button`}
        variant="contained"
        disabled={!canProcessImport(record.status) || busy}
        onClick={() => setOpen(true)}
      >
        <PlayArrowIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`${RESOURCE_KEY}.process.confirm_title`}
        content={`${RESOURCE_KEY}.process.confirm_content`}
        translateOptions={{ id: record.id, file_name: record.file_name }}
        onConfirm={() => void process()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
