import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import LockIcon from '@mui/icons-material/Lock';
import {
  ArrayInput, AutocompleteArrayInput, BooleanInput, Confirm, Create, Edit, FormDataConsumer, NumberField, NumberInput, ReferenceArrayInput, ReferenceInput,
  SaveButton, SelectField, SelectInput, SimpleFormIterator, TabbedFormTabs, TextField, TextInput, Toolbar, maxLength, minValue, required, usePermissions, useRecordContext, useRefresh,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, CAMPAIGN_POINTS_CATEGORIES, CAMPAIGN_STATUSES, POINTS_TARGETS, type Campaign, type CampaignInput, type SessionUser } from '@lp/shared/contract';
import { campaignTransitionAllowed, hasPermission } from '@lp/shared/rules';
import { useAction } from '../../common/actions/useAction.ts';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditorTabbedForm } from '../../common/editor/index.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { CampaignEvents } from './CampaignEvents.tsx';
import { CampaignPeople } from './CampaignPeople.tsx';
import { useRewardActions } from './rewardActions.ts';

const R = ADMIN_RESOURCES;
const NAME = R.reward_campaigns.name;
const F = `resources.${NAME}.fields`;
const statuses = CAMPAIGN_STATUSES.map((id) => ({ id, name: `resources.${NAME}.statuses.${id}` }));
const targets = POINTS_TARGETS.map((id) => ({ id, name: `resources.${NAME}.targets.${id}` }));
const categories = CAMPAIGN_POINTS_CATEGORIES.map((id) => ({ id, name: `resources.${NAME}.categories.${id}` }));
const TARGET_RESOURCE = { product: R.reward_sale_products.name, product_type: R.reward_sale_product_types.name, brand: R.reward_brands.name } as const;
const title = [required(), maxLength(256)];
const atLeastZero = [required(), minValue(0)];

/** spec 3 §2 "Admin campaign screen": the campaigns of the client with their status and people. */
export function CampaignList() {
  return (
    <ResourceList sortField="id" sortOrder="DESC">
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <SelectField source="status" choices={statuses} label={`${F}.status`} />
      <TextField source="start_date" label={`${F}.start_date`} sortable={false} />
      <TextField source="end_date" label={`${F}.end_date`} sortable={false} />
      <NumberField source="users_count" label={`${F}.users_count`} sortable={false} />
    </ResourceList>
  );
}

/** What the form sends: the input's fields only (the answer's counts and dates are read-only). */
export function toCampaignBody(r: Record<string, unknown>): CampaignInput {
  const keep = [
    'title', 'description', 'campaign_url', 'allows_invoice_registration', 'required_profile_id', 'multiplication_base', 'start_date', 'end_date',
    'email_points_available', 'email_end_of_campaign', 'areas', 'profiles', 'user_groups', 'stores', 'levels', 'points_table', 'category_points',
  ];
  const body = Object.fromEntries(keep.filter((k) => r[k] !== undefined).map((k) => [k, r[k] === '' ? null : r[k]]));
  // a blank category points means "what the content gave" (null), never an absent field
  const categoryPoints = (r.category_points as Array<{ category: string; points?: number | null }> | undefined)
    ?.map((c) => ({ category: c.category, points: typeof c.points === 'number' ? c.points : null }));
  return { ...body, ...(categoryPoints ? { category_points: categoryPoints } : {}), description: (r.description as string | undefined) ?? '' } as CampaignInput;
}

/** Publish (the fields lock) and close (the closing items run), each after its confirmation (spec 3 §4). */
function StatusActions() {
  const record = useRecordContext<Campaign>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const actions = useRewardActions();
  const [asking, setAsking] = useState<'published' | 'closed' | null>(null);
  const move = useAction((to: 'published' | 'closed') => (to === 'published' ? actions.publish(record!.id) : actions.close(record!.id)), {
    success: (c: Campaign) => `resources.${NAME}.statuses.${c.status}`,
    onSuccess: () => refresh(),
  });
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button startIcon={<PublishIcon />} disabled={move.pending || !campaignTransitionAllowed(record.status, 'published')} onClick={() => setAsking('published')}>
        {translate(`resources.${NAME}.publish`)}
      </Button>
      <Button startIcon={<LockIcon />} disabled={move.pending || !campaignTransitionAllowed(record.status, 'closed')} onClick={() => setAsking('closed')}>
        {translate(`resources.${NAME}.close`)}
      </Button>
      <Confirm
        isOpen={asking !== null}
        title={`resources.${NAME}.${asking === 'closed' ? 'close' : 'publish'}`}
        content={`resources.${NAME}.${asking === 'closed' ? 'close_confirm' : 'publish_confirm'}`}
        onConfirm={() => { const to = asking!; setAsking(null); void move.run(to); }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

function CampaignForm({ edit }: { edit: boolean }) {
  const record = useRecordContext<Campaign>();
  // spec 3 §4 "Publishing locks the fields": the server refuses a change; the form shows them read-only
  const locked = edit && record?.status !== undefined && record.status !== 'draft';
  // the events have their own key (spec 1 §6.2 events_qrcode)
  const { permissions: user } = usePermissions<SessionUser | null>();
  const mayEvents = !!user && hasPermission(user, 'events_qrcode');
  return (
    // five tabs do not fit a phone: the bar scrolls (contain: it must not widen the page to all its tabs)
    <EditorTabbedForm sx={{ contain: 'inline-size' }} tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" />} toolbar={<Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}><SaveButton />{edit && <StatusActions />}</Toolbar>}>
      <EditorTabbedForm.Tab label={`resources.${NAME}.tabs.basic`}>
        <TextInput source="title" label={`${F}.title`} validate={title} fullWidth disabled={locked} />
        <TextInput source="description" label={`${F}.description`} multiline minRows={3} fullWidth />
        <TextInput source="campaign_url" label={`${F}.campaign_url`} fullWidth disabled={locked} />
        <BooleanInput source="allows_invoice_registration" label={`${F}.allows_invoice_registration`} defaultValue disabled={locked} />
        <ReferenceInput source="required_profile_id" reference="lookup_profiles">
          <SelectInput label={`${F}.required_profile_id`} optionText="name" disabled={locked} />
        </ReferenceInput>
        <NumberInput source="multiplication_base" label={`${F}.multiplication_base`} defaultValue={1} min={0.01} step={0.1} disabled={locked} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="start_date" label={`${F}.start_date`} type="date" InputLabelProps={{ shrink: true }} disabled={locked} />
          <TextInput source="end_date" label={`${F}.end_date`} type="date" InputLabelProps={{ shrink: true }} disabled={locked} />
        </Stack>
        <ReferenceArrayInput source="stores" reference={R.branches.name}>
          <AutocompleteArrayInput label={`${F}.stores`} optionText="name" disabled={locked} />
        </ReferenceArrayInput>
        <TextInput source="email_points_available" label={`${F}.email_points_available`} multiline fullWidth />
        <TextInput source="email_end_of_campaign" label={`${F}.email_end_of_campaign`} multiline fullWidth />
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label={`resources.${NAME}.tabs.audience`} path="audience">
        <AudienceInputs />
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label={`resources.${NAME}.tabs.points`} path="points">
        <ArrayInput source="levels" label={`${F}.levels`}>
          <SimpleFormIterator inline disableReordering disableAdd={locked} disableRemove={locked}>
            <ReferenceInput source="level_id" reference={R.reward_levels.name}>
              <SelectInput label={`${F}.level_id`} optionText="name" validate={required()} />
            </ReferenceInput>
            <NumberInput source="points_from" label={`${F}.points_from`} validate={atLeastZero} />
            <NumberInput source="points_to" label={`${F}.points_to`} min={0} />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="points_table" label={`${F}.points_table`}>
          <SimpleFormIterator inline disableReordering disableAdd={locked} disableRemove={locked}>
            <SelectInput source="target" choices={targets} label={`${F}.target`} validate={required()} />
            <FormDataConsumer>
              {({ scopedFormData }) => {
                const target = (scopedFormData as { target?: keyof typeof TARGET_RESOURCE } | undefined)?.target;
                return target ? (
                  <ReferenceInput source="target_id" reference={TARGET_RESOURCE[target]}>
                    <SelectInput label={`${F}.target_id`} optionText={target === 'product' ? 'product' : 'name'} validate={required()} />
                  </ReferenceInput>
                ) : null;
              }}
            </FormDataConsumer>
            <NumberInput source="points" label={`${F}.points`} validate={atLeastZero} />
          </SimpleFormIterator>
        </ArrayInput>
        {/* spec 3 §9 "Points categories": the learning points the campaign also counts (blank points: what the content gave) */}
        <ArrayInput source="category_points" label={`${F}.category_points`} helperText={`resources.${NAME}.category_points_help`}>
          <SimpleFormIterator inline disableReordering disableAdd={locked} disableRemove={locked}>
            <SelectInput source="category" choices={categories} label={`${F}.category`} validate={required()} />
            <NumberInput source="points" label={`${F}.category_fixed_points`} min={0} />
          </SimpleFormIterator>
        </ArrayInput>
      </EditorTabbedForm.Tab>
      {edit && record && (
        <EditorTabbedForm.Tab label={`resources.${NAME}.tabs.people`} path="people">
          <CampaignPeople campaign={record} />
        </EditorTabbedForm.Tab>
      )}
      {edit && record && mayEvents && (
        <EditorTabbedForm.Tab label={`resources.${NAME}.tabs.events`} path="events">
          <CampaignEvents campaign={record} />
        </EditorTabbedForm.Tab>
      )}
    </EditorTabbedForm>
  );
}

export function CampaignEdit() {
  const { id } = useParams();
  if (id === '0') return <CampaignCreate />;
  return (
    <Edit mutationMode="pessimistic" transform={toCampaignBody}>
      <CampaignForm edit />
    </Edit>
  );
}

export function CampaignCreate() {
  return (
    <Create redirect="edit" transform={toCampaignBody}>
      <CampaignForm edit={false} />
    </Create>
  );
}

export default CampaignList;
