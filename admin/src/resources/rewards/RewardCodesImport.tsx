import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, REWARD_CODES_UPLOAD_KIND, REWARD_PATHS as P, type RewardCodesImportCreate } from '@lp/shared/contract';
import { RecordImportDialog, type RecordImportPaths } from '../../common/recordImport/index.ts';

const K = `resources.${ADMIN_RESOURCES.reward_catalog.name}`;

/**
 * A reward's redeem codes from xlsx (spec 3 §3 "redeem codes importable from xlsx"): a code the
 * reward already has is skipped and listed; `onDone` reloads the reward (its codes available).
 */
export function RewardCodesImport({ rewardId, onDone }: { rewardId: number; onDone(): void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const paths = useMemo<RecordImportPaths>(() => ({
    template: P.codesTemplate(rewardId),
    create: P.codesImports(rewardId),
    item: (id) => P.codesImport(rewardId, id),
    logs: (id) => P.codesImportLogs(rewardId, id),
    process: (id) => P.codesImportProcess(rewardId, id),
  }), [rewardId]);
  const label = translate(`${K}.codes_import`);
  return (
    <RecordImportDialog
      label={label} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}
      uploadKind={REWARD_CODES_UPLOAD_KIND} paths={paths} templateName="reward-codes.xlsx" onDone={onDone}
      createBody={(upload_id) => ({ upload_id } satisfies RewardCodesImportCreate)}
      counts={(record) => translate(`${K}.codes_import_counts`, { created: record.created_count, reported: record.error_count })}
      button={<Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} sx={{ mt: 1, ml: 1 }}>{label}</Button>}
    />
  );
}
