import { useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  BooleanField, Confirm, Datagrid, Form, FunctionField, List, NumberField, TextField, useGetList, useNotify, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, REWARD_PATHS, type Campaign, type CampaignUser, type RewardReportRequest } from '@lp/shared/contract';
import { useAction } from '../../common/actions/useAction.ts';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { OwnersInput } from '../../common/ownersInput/OwnersInput.tsx';
import { ReportRequestButton } from '../../common/ReportButton.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { useRewardActions } from './rewardActions.ts';

const NAME = ADMIN_RESOURCES.reward_campaigns.name;
const K = `resources.${NAME}.people`;

/** Adds users (members of the client with the required profile: spec 3 §5, refused by the server otherwise). */
function AddPeople({ campaignId, onChanged }: { campaignId: number; onChanged(): void }) {
  const translate = useTranslate();
  const actions = useRewardActions();
  const [formKey, setFormKey] = useState(0);
  const add = useAction((ids: number[]) => actions.addPeople(campaignId, ids), {
    success: `${K}.added`,
    onSuccess: () => { setFormKey((k) => k + 1); onChanged(); },
  });
  return (
    <Form key={formKey} record={{ id: 0, user_ids: [] }} onSubmit={(values: Record<string, unknown>) => void add.run((values.user_ids as number[] | undefined) ?? [])}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 260 }}><OwnersInput source="user_ids" label={`${K}.add_label`} initialOwners={[]} /></Box>
        <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} disabled={add.pending} sx={{ mt: 1 }}>{translate(`${K}.add_button`)}</Button>
      </Box>
    </Form>
  );
}

/** Block / unblock, level up or down, and removal (irreversible, confirmed) of one person. */
function PersonActions({ campaignId, levels, onChanged }: { campaignId: number; levels: Array<{ id: number; name: string }>; onChanged(): void }) {
  const person = useRecordContext<CampaignUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useRewardActions();
  const [removing, setRemoving] = useState(false);
  const block = useAction(() => (person!.blocked ? actions.unblock(campaignId, person!.user_id) : actions.block(campaignId, person!.user_id)), {
    // spec 3 §8 "User blocked. You will need to unblock manually in user management"
    success: (p: CampaignUser) => (p.blocked ? `resources.${NAME}.user_blocked` : `${K}.unblocked`),
    onSuccess: onChanged,
  });
  const level = useAction((levelId: number | null) => actions.setLevel(campaignId, person!.user_id, levelId), { success: `${K}.level_changed`, onSuccess: onChanged });
  const remove = useAction(() => actions.removePerson(campaignId, person!.user_id), { success: `${K}.removed`, onSuccess: onChanged });
  if (!person) return null;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <select aria-label={translate(`${K}.level`)} value={person.level_id ?? ''} disabled={level.pending}
        onChange={(e) => { const v = e.target.value; void level.run(v === '' ? null : Number(v)); }}>
        <option value="">—</option>
        {levels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
      </select>
      <Tooltip title={translate(person.blocked ? `${K}.unblock` : `${K}.block`)}>
        <span><IconButton size="small" disabled={block.pending} onClick={() => void block.run()} aria-label={translate(person.blocked ? `${K}.unblock` : `${K}.block`)}>
          {person.blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
        </IconButton></span>
      </Tooltip>
      <Tooltip title={translate(`${K}.remove`)}>
        <span><IconButton size="small" color="error" disabled={remove.pending} onClick={() => setRemoving(true)} aria-label={translate(`${K}.remove`)}>
          <PersonRemoveIcon fontSize="small" />
        </IconButton></span>
      </Tooltip>
      <Confirm isOpen={removing} title={`${K}.remove`} content={`resources.${NAME}.remove_confirm`}
        onConfirm={() => { setRemoving(false); void remove.run().catch(() => notify('errors.error_adding_user_to_campaign', { type: 'error' })); }}
        onClose={() => setRemoving(false)} />
    </Stack>
  );
}

/**
 * spec 3 §2 "users on campaign: add, remove, block/unblock, level up/down" — a nested resource
 * (server-paged, searched), each row with its balances summed from the ledger.
 */
export function CampaignPeople({ campaign }: { campaign: Campaign }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [version, setVersion] = useState(0);
  const { data: allLevels } = useGetList<{ id: number; name: string }>(ADMIN_RESOURCES.reward_levels.name, { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const levels = (allLevels ?? []).filter((l) => campaign.levels.some((c) => c.level_id === l.id));
  const changed = () => { setVersion((v) => v + 1); refresh(); };
  return (
    <Stack spacing={2} sx={{ p: 2, width: '100%', boxSizing: 'border-box', contain: 'inline-size' }}>
      {campaign.status !== 'closed' && <AddPeople campaignId={campaign.id} onChanged={changed} />}
      {/* each person's points (sums of the ledger), e-mailed as xlsx (issue 18 item 9; 5-minute cooldown) */}
      <Box><ReportRequestButton report="reward_points" path={REWARD_PATHS.pointsReport} body={(): RewardReportRequest => ({ campaign_id: campaign.id })} /></Box>
      <Box sx={{ overflowX: 'auto' }}>
        <List key={version} resource={nestedResource('reward-campaigns', campaign.id, 'users')} storeKey={`reward_campaigns.users.${campaign.id}`} disableSyncWithLocation
          filters={searchFilters} actions={false} title={false} empty={false} component="div" perPage={DEFAULT_PER_PAGE} sort={{ field: 'name', order: 'ASC' }}
          pagination={<ListPagination />}>
          <Datagrid rowClick={false} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }} color="text.secondary">{translate(`${K}.empty`)}</Typography>}>
            <TextField source="name" label={`${K}.name`} />
            <TextField source="email" label={`${K}.email`} />
            <TextField source="level_name" label={`${K}.level`} emptyText="-" sortable={false} />
            <NumberField source="total_points" label={`${K}.total_points`} sortable={false} />
            <NumberField source="points_for_use" label={`${K}.points_for_use`} sortable={false} />
            <BooleanField source="blocked" label={`${K}.blocked`} sortable={false} />
            <FunctionField label={`${K}.actions`} render={() => <PersonActions campaignId={campaign.id} levels={levels} onChanged={changed} />} />
          </Datagrid>
        </List>
      </Box>
    </Stack>
  );
}
