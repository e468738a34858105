import { useState } from 'react';
import { Box, Button, TextField as MuiTextField, Typography } from '@mui/material';
import {
  BooleanField, BooleanInput, Create, DeleteButton, Edit, NumberField, NumberInput, ReferenceInput, SaveButton, SelectInput, TextField, TextInput, Toolbar,
  maxLength, minValue, required, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, type Reward, type RewardInput } from '@lp/shared/contract';
import { useAction } from '../../common/actions/useAction.ts';
import { EditorForm } from '../../common/editor/index.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { RewardCodesImport } from './RewardCodesImport.tsx';
import { useRewardActions } from './rewardActions.ts';

const R = ADMIN_RESOURCES;
const NAME = R.reward_catalog.name;
const F = `resources.${NAME}.fields`;

/** spec 3 §2 "reward catalog": price in points, stock and codes at a glance. */
export function CatalogList() {
  return (
    <ResourceList sortField="reward_title" sortOrder="ASC">
      <TextField source="id" label={`${F}.id`} />
      <TextField source="reward_title" label={`${F}.reward_title`} />
      <NumberField source="points_to_aquire" label={`${F}.points_to_aquire`} />
      <NumberField source="qty_in_stock" label={`${F}.qty_in_stock`} />
      <NumberField source="codes_available" label={`${F}.codes_available`} sortable={false} />
      <BooleanField source="is_featured" label={`${F}.is_featured`} sortable={false} />
      <BooleanField source="active" label={`${F}.active`} sortable={false} />
    </ResourceList>
  );
}

const KEEP: Array<keyof RewardInput> = [
  'reward_title', 'reward_type_id', 'category_id', 'department_id', 'brand_id', 'campaign_id', 'description', 'image_url', 'points_to_aquire', 'qty_in_stock',
  'purchase_limit_quantity', 'is_featured', 'sku', 'supplier_name', 'redemption_link', 'vouchers', 'redeem_instructions', 'uses_redeem_codes', 'active',
];
const NULLABLE = new Set<string>(['reward_type_id', 'category_id', 'department_id', 'brand_id', 'campaign_id', 'image_url', 'purchase_limit_quantity']);
export const toRewardBody = (r: Record<string, unknown>): RewardInput =>
  Object.fromEntries(KEEP.filter((k) => r[k] !== undefined).map((k) => [k, r[k] === '' && NULLABLE.has(k) ? null : r[k]])) as RewardInput;

/** spec 3 §2 "redemption codes (importable)": one code a line, pasted from the supplier's sheet. */
function RedeemCodes() {
  const record = useRecordContext<Reward>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const actions = useRewardActions();
  const [text, setText] = useState('');
  const add = useAction((codes: string[]) => actions.addCodes(record!.id, codes), { success: `resources.${NAME}.codes_added`, onSuccess: () => { setText(''); refresh(); } });
  if (!record?.uses_redeem_codes) return null;
  const codes = text.split(/\r?\n|,|;/).map((c) => c.trim()).filter(Boolean);
  return (
    <Box sx={{ mt: 2, width: '100%' }}>
      <Typography variant="subtitle2">{translate(`resources.${NAME}.codes_title`, { smart_count: record.codes_available })}</Typography>
      <MuiTextField value={text} onChange={(e) => setText(e.target.value)} multiline minRows={3} fullWidth label={translate(`resources.${NAME}.codes_help`)} />
      <Button sx={{ mt: 1 }} disabled={add.pending || codes.length === 0} onClick={() => void add.run(codes)}>{translate(`resources.${NAME}.codes_add`)}</Button>
      <RewardCodesImport rewardId={record.id} onDone={refresh} />
    </Box>
  );
}

function CatalogForm({ edit }: { edit: boolean }) {
  return (
    <EditorForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton />{edit && <DeleteButton mutationMode="pessimistic" />}</Toolbar>}>
      <TextInput source="reward_title" label={`${F}.reward_title`} validate={[required(), maxLength(256)]} fullWidth />
      <NumberInput source="points_to_aquire" label={`${F}.points_to_aquire`} validate={[required(), minValue(1)]} />
      <NumberInput source="qty_in_stock" label={`${F}.qty_in_stock`} validate={[required(), minValue(0)]} defaultValue={0} />
      <NumberInput source="purchase_limit_quantity" label={`${F}.purchase_limit_quantity`} min={1} />
      {([['reward_type_id', R.reward_types.name], ['category_id', R.reward_categories.name], ['department_id', R.reward_departments.name],
        ['brand_id', R.reward_brands.name], ['campaign_id', R.reward_campaigns.name]] as const).map(([source, reference]) => (
        <ReferenceInput key={source} source={source} reference={reference}>
          <SelectInput label={`${F}.${source}`} optionText={source === 'campaign_id' ? 'title' : 'name'} />
        </ReferenceInput>
      ))}
      <TextInput source="description" label={`${F}.description`} multiline fullWidth />
      <TextInput source="image_url" label={`${F}.image_url`} fullWidth />
      <BooleanInput source="is_featured" label={`${F}.is_featured`} />
      <BooleanInput source="active" label={`${F}.active`} defaultValue />
      <TextInput source="sku" label={`${F}.sku`} validate={maxLength(64)} />
      <TextInput source="supplier_name" label={`${F}.supplier_name`} />
      <TextInput source="redemption_link" label={`${F}.redemption_link`} fullWidth />
      <TextInput source="vouchers" label={`${F}.vouchers`} multiline fullWidth />
      <TextInput source="redeem_instructions" label={`${F}.redeem_instructions`} multiline fullWidth />
      <BooleanInput source="uses_redeem_codes" label={`${F}.uses_redeem_codes`} />
      {edit && <RedeemCodes />}
    </EditorForm>
  );
}

export function CatalogEdit() {
  const { id } = useParams();
  if (id === '0') return <CatalogCreate />;
  return <Edit mutationMode="pessimistic" transform={toRewardBody}><CatalogForm edit /></Edit>;
}

export function CatalogCreate() {
  return <Create redirect="edit" transform={toRewardBody}><CatalogForm edit={false} /></Create>;
}

export default CatalogList;
