import { useState } from 'react';
import { Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNavigate } from 'react-router-dom';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { useTrailActions } from '../trailActions.ts';

/** spec 2 §2.4 duplicate: after confirmation the trail is copied and its copy's editor opens (as for trainings, §4.6). */
export function DuplicateTrailButton({ trailId, disabled }: { trailId: number; disabled: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const actions = useTrailActions();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const duplicate = async () => {
    setBusy(true);
    try {
      const { trail_duplicated_id: id } = await actions.duplicate(trailId);
      setOpen(false);
      notify('resources.trails.publish.duplicated', { type: 'success' });
      navigate(`/${ADMIN_RESOURCES.trails.name}/${id}`);
    } catch (error) {
      // spec 2 §8: duplicate failures are only logged
      console.error('trail duplicate failed', error);
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {translate('resources.trails.publish.duplicate')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="resources.trails.publish.duplicate_title"
        content="resources.trails.publish.duplicate_content"
        onConfirm={duplicate}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
