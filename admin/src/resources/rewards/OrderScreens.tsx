import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { FunctionField, NumberField, SelectField, SelectInput, Show, TextField, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, ORDER_STATUSES, REWARD_PATHS, type OrderStatus, type RedeemOrder } from '@lp/shared/contract';
import { orderNextStatuses } from '@lp/shared/rules';
import { useAction } from '../../common/actions/useAction.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { CampaignReportButton, campaignFilter } from './campaignReports.tsx';
import { useRewardActions } from './rewardActions.ts';

const NAME = ADMIN_RESOURCES.reward_orders.name;
const F = `resources.${NAME}.fields`;
const statuses = ORDER_STATUSES.map((id) => ({ id, name: `resources.${NAME}.statuses.${id}` }));
const filters = [...searchFilters, campaignFilter, <SelectInput key="status" source="status" choices={statuses} label={`${F}.status`} alwaysOn />];

/** spec 3 §2 "redeem orders, with request details": the client's orders, newest first. */
export function OrderList() {
  return (
    <ResourceList sortField="id" sortOrder="DESC" canCreate={false} filters={filters}
      actions={<CampaignReportButton report="reward_orders" path={REWARD_PATHS.ordersReport} />}>
      <TextField source="order_number" label={`${F}.order_number`} />
      <TextField source="user.name" label={`${F}.user`} sortable={false} />
      <TextField source="reward_title" label={`${F}.reward_title`} sortable={false} />
      <NumberField source="points" label={`${F}.points`} sortable={false} />
      <SelectField source="status" choices={statuses} label={`${F}.status`} />
      <FunctionField<RedeemOrder> source="registration_date" label={`${F}.registration_date`} render={(o) => o.registration_date.slice(0, 10)} />
    </ResourceList>
  );
}

/** The next statuses of the order (spec 3 §4), each with its status comment kept in the history. */
function StatusChange() {
  const order = useRecordContext<RedeemOrder>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const actions = useRewardActions();
  const [comment, setComment] = useState('');
  const move = useAction((status: Exclude<OrderStatus, 'pending'>) => actions.moveOrder(order!.id, { status, status_comment: comment }), {
    success: (o: RedeemOrder) => `resources.${NAME}.statuses.${o.status}`,
    onSuccess: () => { setComment(''); refresh(); },
  });
  if (!order) return null;
  const next = orderNextStatuses(order.status).filter((s): s is Exclude<OrderStatus, 'pending'> => s !== 'pending');
  if (!next.length) return null;
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      <MuiTextField label={translate(`${F}.status_comment`)} value={comment} onChange={(e) => setComment(e.target.value)} multiline fullWidth />
      <Stack direction="row" spacing={1} flexWrap="wrap">
        {next.map((s) => (
          <Button key={s} variant={s === 'reproved' ? 'outlined' : 'contained'} color={s === 'reproved' ? 'error' : 'primary'} disabled={move.pending}
            onClick={() => void move.run(s)}>
            {translate(`resources.${NAME}.move_to.${s}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** "a status timeline": every change with its comment, who made it and when. */
function Timeline() {
  const order = useRecordContext<RedeemOrder>();
  const translate = useTranslate();
  if (!order) return null;
  return (
    <Box component="ol" sx={{ pl: 2 }} aria-label={translate(`resources.${NAME}.timeline`)}>
      {order.history.map((h) => (
        <li key={h.id}>
          <Typography variant="body2"><strong>{translate(`resources.${NAME}.statuses.${h.status}`)}</strong> — {h.created_at.slice(0, 16).replace('T', ' ')} {h.responsible ? `· ${h.responsible}` : ''}</Typography>
          {h.status_comment && <Typography variant="body2" color="text.secondary">{h.status_comment}</Typography>}
        </li>
      ))}
    </Box>
  );
}

function Requester() {
  const order = useRecordContext<RedeemOrder>();
  if (!order) return null;
  const { requester: r } = order;
  const a = r.address;
  return (
    <Card variant="outlined" sx={{ my: 1 }}>
      <CardContent>
        <Typography>{r.name} · {r.email}</Typography>
        <Typography variant="body2">+{r.phone.country_code} ({r.phone.area_code}) {r.phone.number} · {r.phone.kind}</Typography>
        <Typography variant="body2">{[a.street, a.number, a.complement, a.district, a.city, a.state, a.zip_code, a.country].filter(Boolean).join(', ')}</Typography>
      </CardContent>
    </Card>
  );
}

/** The order: request details, requester data and address, the status change and the timeline. */
export function OrderShow() {
  return (
    <Show>
      <Box sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField source="order_number" />
          <TextField source="reward_title" />
          <NumberField source="quantity" />
          <NumberField source="points" />
          <SelectField source="status" choices={statuses} />
          <TextField source="redeem_code" emptyText="-" />
        </Stack>
        <Requester />
        <StatusChange />
        <Timeline />
      </Box>
    </Show>
  );
}

export default OrderList;
