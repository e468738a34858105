import {
  ReferenceField, ReferenceInput, SelectField, SelectInput, TextField, TextInput, maxLength, required,
} from 'react-admin';
import { ADMIN_RESOURCES, JUSTIFICATION_KINDS } from '@lp/shared/contract';
import { NAMED_SHAPE, referenceScreens, type ReferenceShape } from '../../common/referenceList/index.ts';

/**
 * The reward reference lists and their editors (spec 3 §3 "Other reward reference lists", spec 1
 * §3.8): named lists (categories, departments, brands, product types, photo types, levels, reward
 * types), sale products, and the audit justifications, through the common reference screens. A
 * row still in use refuses its removal (`reward_reference_in_use`).
 */
const R = ADMIN_RESOURCES;
const name = [required(), maxLength(256)];
const kinds = JUSTIFICATION_KINDS.map((id) => ({ id, name: `resources.${R.reward_justifications.name}.kinds.${id}` }));


const SHAPES: Record<string, ReferenceShape> = {
  [R.reward_sale_products.name]: {
    columns: (F) => [
      <TextField key="product" source="product" label={`${F}.product`} />,
      <TextField key="code" source="product_code" label={`${F}.product_code`} />,
      <TextField key="sku" source="sku" label={`${F}.sku`} sortable={false} />,
      <ReferenceField key="brand" source="brand_id" reference={R.reward_brands.name} label={`${F}.brand_id`} link={false} sortable={false} />,
      <ReferenceField key="type" source="product_type_id" reference={R.reward_sale_product_types.name} label={`${F}.product_type_id`} link={false} sortable={false} />,
    ],
    inputs: (F) => [
      <TextInput key="product" source="product" label={`${F}.product`} validate={name} fullWidth />,
      <TextInput key="code" source="product_code" label={`${F}.product_code`} validate={maxLength(64)} />,
      <TextInput key="sku" source="sku" label={`${F}.sku`} validate={maxLength(64)} />,
      <ReferenceInput key="brand" source="brand_id" reference={R.reward_brands.name}><SelectInput label={`${F}.brand_id`} optionText="name" /></ReferenceInput>,
      <ReferenceInput key="type" source="product_type_id" reference={R.reward_sale_product_types.name}><SelectInput label={`${F}.product_type_id`} optionText="name" /></ReferenceInput>,
    ],
    body: ['product', 'product_code', 'sku', 'brand_id', 'product_type_id'],
    sortField: 'product',
  },
  [R.reward_justifications.name]: {
    columns: (F) => [
      <SelectField key="kind" source="kind" choices={kinds} label={`${F}.kind`} sortable={false} />,
      <TextField key="text" source="text" label={`${F}.text`} />,
    ],
    inputs: (F) => [
      <SelectInput key="kind" source="kind" choices={kinds} label={`${F}.kind`} validate={required()} />,
      <TextInput key="text" source="text" label={`${F}.text`} validate={[required(), maxLength(1000)]} fullWidth multiline />,
    ],
    body: ['kind', 'text'],
    sortField: 'text',
  },
};

export const screens = referenceScreens(SHAPES, NAMED_SHAPE);
