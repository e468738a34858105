import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import {
  BooleanField, FunctionField, NumberField, SelectField, SelectInput, TextField, useGetList, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, REWARD_PATHS, SALE_STATUSES, type JustificationItem, type Sale } from '@lp/shared/contract';
import { reprovalJustified, saleTransitionAllowed } from '@lp/shared/rules';
import { useAction } from '../../common/actions/useAction.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { CampaignReportButton, campaignFilter } from './campaignReports.tsx';
import { useRewardActions } from './rewardActions.ts';

const NAME = ADMIN_RESOURCES.reward_sales.name;
const F = `resources.${NAME}.fields`;
const statuses = SALE_STATUSES.map((id) => ({ id, name: `resources.${NAME}.statuses.${id}` }));
const filters = [...searchFilters, campaignFilter, <SelectInput key="status" source="status" choices={statuses} label={`${F}.status`} alwaysOn />];

/** Approve, or reprove with a justification (spec 3 §4 "Reproving needs a justification"). */
function AuditButtons() {
  const sale = useRecordContext<Sale>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const actions = useRewardActions();
  const [open, setOpen] = useState(false);
  const [justificationId, setJustificationId] = useState<number | ''>('');
  const [justification, setJustification] = useState('');
  const { data: options } = useGetList<JustificationItem>(ADMIN_RESOURCES.reward_justifications.name, {
    pagination: { page: 1, perPage: 200 }, sort: { field: 'text', order: 'ASC' }, filter: { kind: 'sale' },
  }, { enabled: open });
  const audit = useAction((status: 'approved' | 'reproved') => actions.audit(sale!.id, {
    status, ...(status === 'reproved' ? { justification_id: justificationId === '' ? null : justificationId, justification } : {}),
  }), { success: (s: Sale) => `resources.${NAME}.statuses.${s.status}`, onSuccess: () => { setOpen(false); refresh(); } });
  if (!sale) return null;
  const justified = reprovalJustified({ justification_id: justificationId === '' ? null : justificationId, justification });
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" disabled={audit.pending || !saleTransitionAllowed(sale.status, 'approved')} onClick={() => void audit.run('approved')}>
        {translate(`resources.${NAME}.approve`)}
      </Button>
      <Button size="small" color="error" disabled={audit.pending || !saleTransitionAllowed(sale.status, 'reproved')} onClick={() => setOpen(true)}>
        {translate(`resources.${NAME}.reprove`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth>
        <DialogTitle>{translate(`resources.${NAME}.reprove`)}</DialogTitle>
        <DialogContent>
          <MuiTextField select fullWidth margin="dense" label={translate(`${F}.justification_id`)} value={justificationId}
            onChange={(e) => setJustificationId(e.target.value === '' ? '' : Number(e.target.value))}>
            <MenuItem value="">—</MenuItem>
            {(options ?? []).map((o) => <MenuItem key={o.id} value={o.id}>{o.text}</MenuItem>)}
          </MuiTextField>
          <MuiTextField fullWidth margin="dense" multiline label={translate(`${F}.justification`)} value={justification} onChange={(e) => setJustification(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" disabled={!justified || audit.pending} onClick={() => void audit.run('reproved')}>{translate(`resources.${NAME}.reprove`)}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/**
 * spec 3 §2 "Sales and photos are audited" (auditor and processor): the sales awaiting approval
 * first, each with its invoice photo (a signed link), products, points and the audit buttons.
 */
export function SalesList() {
  const translate = useTranslate();
  return (
    <ResourceList sortField="id" sortOrder="DESC" canCreate={false} canEdit={false} filters={filters}
      actions={<CampaignReportButton report="reward_sales" path={REWARD_PATHS.salesReport} />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="user.name" label={`${F}.user`} sortable={false} />
      <TextField source="invoice_number" label={`${F}.invoice_number`} sortable={false} />
      <TextField source="sale_date" label={`${F}.sale_date`} />
      <FunctionField<Sale> label={`${F}.product`} sortable={false} render={(s) => s.items.map((i) => `${i.quantity}× ${i.product}`).join(', ')} />
      <NumberField source="sale_total_points" label={`${F}.sale_total_points`} />
      <SelectField source="status" choices={statuses} label={`${F}.status`} />
      <BooleanField source="audited" label={`${F}.audited`} sortable={false} />
      <FunctionField<Sale> label={`resources.${NAME}.invoice`} sortable={false}
        render={(s) => (s.invoice_url ? <a href={s.invoice_url} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>{translate(`resources.${NAME}.invoice`)}</a> : '-')} />
      <FunctionField label={`resources.${NAME}.audit`} render={() => <AuditButtons />} />
    </ResourceList>
  );
}

export default SalesList;
