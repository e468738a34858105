import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { Confirm, FunctionField, SelectField, SelectInput, TextField, useGetList, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, SALE_STATUSES, type JustificationItem, type PhotoUpload } from '@lp/shared/contract';
import { reprovalJustified, saleTransitionAllowed } from '@lp/shared/rules';
import { useAction } from '../../common/actions/useAction.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { campaignFilter } from './campaignReports.tsx';
import { useRewardActions } from './rewardActions.ts';

const NAME = ADMIN_RESOURCES.reward_photos.name;
const F = `resources.${NAME}.fields`;
const statuses = SALE_STATUSES.map((id) => ({ id, name: `resources.${ADMIN_RESOURCES.reward_sales.name}.statuses.${id}` }));
const filters = [campaignFilter, <SelectInput key="status" source="status" choices={statuses} label={`${F}.status`} alwaysOn />];

/** Approve, reprove with a reason (file justifications or written), or delete — irreversible, confirmed (spec 3 §4 "Photo upload"). */
function PhotoAudit() {
  const photo = useRecordContext<PhotoUpload>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const actions = useRewardActions();
  const [reproving, setReproving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [justificationId, setJustificationId] = useState<number | ''>('');
  const [justification, setJustification] = useState('');
  const { data: options } = useGetList<JustificationItem>(ADMIN_RESOURCES.reward_justifications.name, {
    pagination: { page: 1, perPage: 200 }, sort: { field: 'text', order: 'ASC' }, filter: { kind: 'file' },
  }, { enabled: reproving });
  const audit = useAction((status: 'approved' | 'reproved') => actions.auditPhoto(photo!.id, {
    status, ...(status === 'reproved' ? { justification_id: justificationId === '' ? null : justificationId, justification } : {}),
  }), { success: (p: PhotoUpload) => `resources.${ADMIN_RESOURCES.reward_sales.name}.statuses.${p.status}`, onSuccess: () => { setReproving(false); refresh(); } });
  const remove = useAction(() => actions.deletePhoto(photo!.id), { success: `resources.${NAME}.deleted`, onSuccess: () => refresh() });
  if (!photo) return null;
  const justified = reprovalJustified({ justification_id: justificationId === '' ? null : justificationId, justification });
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()} flexWrap="wrap">
      <Button size="small" disabled={audit.pending || !saleTransitionAllowed(photo.status, 'approved')} onClick={() => void audit.run('approved')}>
        {translate(`resources.${NAME}.approve`)}
      </Button>
      <Button size="small" color="warning" disabled={audit.pending || !saleTransitionAllowed(photo.status, 'reproved')} onClick={() => setReproving(true)}>
        {translate(`resources.${NAME}.reprove`)}
      </Button>
      <Button size="small" color="error" disabled={remove.pending} onClick={() => setDeleting(true)}>{translate('ra.action.delete')}</Button>
      <Dialog open={reproving} onClose={() => setReproving(false)} fullWidth>
        <DialogTitle>{translate(`resources.${NAME}.reprove`)}</DialogTitle>
        <DialogContent>
          <MuiTextField select fullWidth margin="dense" label={translate(`${F}.justification_id`)} value={justificationId}
            onChange={(e) => setJustificationId(e.target.value === '' ? '' : Number(e.target.value))}>
            <MenuItem value="">—</MenuItem>
            {(options ?? []).map((o) => <MenuItem key={o.id} value={o.id}>{o.text}</MenuItem>)}
          </MuiTextField>
          <MuiTextField fullWidth margin="dense" multiline label={translate(`${F}.reproval_reason`)} value={justification} onChange={(e) => setJustification(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReproving(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="warning" disabled={!justified || audit.pending} onClick={() => void audit.run('reproved')}>{translate(`resources.${NAME}.reprove`)}</Button>
        </DialogActions>
      </Dialog>
      <Confirm isOpen={deleting} title={`resources.${NAME}.delete`} content={`resources.${NAME}.delete_confirm`}
        onConfirm={() => { setDeleting(false); void remove.run(); }} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

/**
 * spec 3 §2 "Sales and photos are audited", §4 "Photo upload: can be reproved with a reason, or
 * deleted (irreversible)": the campaigns' photo uploads, each with its picture (a signed link).
 */
export function PhotoList() {
  const translate = useTranslate();
  return (
    <ResourceList sortField="id" sortOrder="DESC" canCreate={false} canEdit={false} canDelete={false} filters={filters}>
      <TextField source="id" label={`${F}.id`} />
      <FunctionField<PhotoUpload> label={`${F}.photo`} sortable={false} render={(p) => (
        <a href={p.url} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
          <img src={p.url} alt={p.photo_type ?? translate(`${F}.photo`)} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
        </a>
      )} />
      <TextField source="user.name" label={`${F}.user`} sortable={false} />
      <TextField source="photo_type" label={`${F}.photo_type`} sortable={false} emptyText="-" />
      <TextField source="information" label={`${F}.information`} sortable={false} />
      <SelectField source="status" choices={statuses} label={`${F}.status`} />
      <TextField source="reproval_reason" label={`${F}.reproval_reason`} sortable={false} emptyText="-" />
      <FunctionField label={`resources.${NAME}.audit`} render={() => <PhotoAudit />} />
    </ResourceList>
  );
}

export default PhotoList;
