import type { ReactElement } from 'react';
import {
  Create, DeleteButton, Edit, ReferenceField, ReferenceInput, SaveButton, SelectField, SelectInput, TextField, TextInput, Toolbar, maxLength, required,
  useResourceContext,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, JUSTIFICATION_KINDS } from '@lp/shared/contract';
import { EditorForm } from '../../common/editor/index.ts';
import { ResourceList } from '../../common/ResourceList.tsx';

/**
 * The reward reference lists and their editors (spec 3 §3 "Other reward reference lists", spec 1
 * §3.8): named lists (categories, departments, brands, product types, photo types, levels, reward
 * types), sale products, and the audit justifications; one list and one form per resource.
 */
type Kind = 'named' | 'products' | 'justifications';
const R = ADMIN_RESOURCES;
const kindOf = (resource: string): Kind =>
  (resource === R.reward_sale_products.name ? 'products' : resource === R.reward_justifications.name ? 'justifications' : 'named');

const name = [required(), maxLength(256)];
const kinds = JUSTIFICATION_KINDS.map((id) => ({ id, name: `resources.${R.reward_justifications.name}.kinds.${id}` }));

function columns(kind: Kind, F: string): ReactElement[] {
  switch (kind) {
    case 'products': return [
      <TextField key="product" source="product" label={`${F}.product`} />,
      <TextField key="code" source="product_code" label={`${F}.product_code`} />,
      <TextField key="sku" source="sku" label={`${F}.sku`} sortable={false} />,
      <ReferenceField key="brand" source="brand_id" reference={R.reward_brands.name} label={`${F}.brand_id`} link={false} sortable={false} />,
      <ReferenceField key="type" source="product_type_id" reference={R.reward_sale_product_types.name} label={`${F}.product_type_id`} link={false} sortable={false} />,
    ];
    case 'justifications': return [
      <SelectField key="kind" source="kind" choices={kinds} label={`${F}.kind`} sortable={false} />,
      <TextField key="text" source="text" label={`${F}.text`} />,
    ];
    default: return [<TextField key="name" source="name" label={`${F}.name`} />];
  }
}

export function ReferenceList() {
  const resource = useResourceContext() ?? '';
  const kind = kindOf(resource);
  const F = `resources.${resource}.fields`;
  return (
    <ResourceList sortField={kind === 'products' ? 'product' : kind === 'justifications' ? 'text' : 'name'} sortOrder="ASC">
      <TextField source="id" label={`${F}.id`} />
      {columns(kind, F)}
    </ResourceList>
  );
}

function inputs(kind: Kind, F: string): ReactElement[] {
  switch (kind) {
    case 'products': return [
      <TextInput key="product" source="product" label={`${F}.product`} validate={name} fullWidth />,
      <TextInput key="code" source="product_code" label={`${F}.product_code`} validate={maxLength(64)} />,
      <TextInput key="sku" source="sku" label={`${F}.sku`} validate={maxLength(64)} />,
      <ReferenceInput key="brand" source="brand_id" reference={R.reward_brands.name}><SelectInput label={`${F}.brand_id`} optionText="name" /></ReferenceInput>,
      <ReferenceInput key="type" source="product_type_id" reference={R.reward_sale_product_types.name}><SelectInput label={`${F}.product_type_id`} optionText="name" /></ReferenceInput>,
    ];
    case 'justifications': return [
      <SelectInput key="kind" source="kind" choices={kinds} label={`${F}.kind`} validate={required()} />,
      <TextInput key="text" source="text" label={`${F}.text`} validate={[required(), maxLength(1000)]} fullWidth multiline />,
    ];
    default: return [<TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />];
  }
}

/** What each resource sends (the answer's id is not part of the input). */
function toBody(kind: Kind, record: Record<string, unknown>): Record<string, unknown> {
  const keep: Record<Kind, string[]> = { named: ['name'], products: ['product', 'product_code', 'sku', 'brand_id', 'product_type_id'], justifications: ['kind', 'text'] };
  return Object.fromEntries(keep[kind].filter((k) => record[k] !== undefined && record[k] !== '').map((k) => [k, record[k]]));
}

function ReferenceForm({ edit }: { edit: boolean }) {
  const resource = useResourceContext() ?? '';
  return (
    <EditorForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton />{edit && <DeleteButton mutationMode="pessimistic" />}</Toolbar>}>
      {inputs(kindOf(resource), `resources.${resource}.fields`)}
    </EditorForm>
  );
}

/** `/{resource}/{id}`; a row still in use refuses its removal (`reward_reference_in_use`). */
export function ReferenceEdit() {
  const { id } = useParams();
  const resource = useResourceContext() ?? '';
  if (id === '0') return <ReferenceCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(r: Record<string, unknown>) => toBody(kindOf(resource), r)}>
      <ReferenceForm edit />
    </Edit>
  );
}

export function ReferenceCreate() {
  const resource = useResourceContext() ?? '';
  return (
    <Create redirect="list" transform={(r: Record<string, unknown>) => toBody(kindOf(resource), r)}>
      <ReferenceForm edit={false} />
    </Create>
  );
}

export default ReferenceList;
