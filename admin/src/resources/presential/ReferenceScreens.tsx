import {
  FunctionField, NumberField, NumberInput, ReferenceField, ReferenceInput, SelectInput, TextField, TextInput, maxLength, minValue, required,
} from 'react-admin';
import { ADMIN_RESOURCES, type CourseItem } from '@lp/shared/contract';
import { NAMED_SHAPE, referenceScreens, type ReferenceShape } from '../../common/referenceList/index.ts';

/**
 * The face-to-face reference lists and their editors (spec 3 §3 "Other presential data"; spec 1
 * §2.3 presential/appointment-types, categories-modules, products, materials, courses-catalog,
 * planned-vacancies), through the common reference screens.
 */
const R = ADMIN_RESOURCES;
export const REFERENCE_NAMES = {
  types: R.presential_appointment_types.name,
  categories: R.presential_product_categories.name,
  products: R.presential_products.name,
  materials: R.presential_support_materials.name,
  courses: R.presential_courses.name,
  vacancies: R.presential_planned_vacancies.name,
} as const;

const name = [required(), maxLength(256)];
const count = [required(), minValue(0)];


const SHAPES: Record<string, ReferenceShape> = {
  [REFERENCE_NAMES.categories]: NAMED_SHAPE,
  [REFERENCE_NAMES.types]: {
    columns: (F) => [
      <TextField key="label" source="label" label={`${F}.label`} />,
      <NumberField key="max" source="maximum_participants" label={`${F}.maximum_participants`} />,
    ],
    inputs: (F) => [
      <TextInput key="label" source="label" label={`${F}.label`} validate={name} fullWidth />,
      <NumberInput key="max" source="maximum_participants" label={`${F}.maximum_participants`} min={1} helperText={`${F}.maximum_participants_help`} />,
    ],
    body: ['label', 'maximum_participants'],
    sortField: 'label',
  },
  [REFERENCE_NAMES.products]: {
    columns: (F) => [
      <TextField key="name" source="name" label={`${F}.name`} />,
      <ReferenceField key="category" source="category_id" reference={REFERENCE_NAMES.categories} label={`${F}.category_id`} link={false} />,
    ],
    inputs: (F) => [
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
      <ReferenceInput key="category" source="category_id" reference={REFERENCE_NAMES.categories}>
        <SelectInput label={`${F}.category_id`} optionText="name" />
      </ReferenceInput>,
    ],
    body: ['name', 'category_id'],
    sortField: 'name',
  },
  [REFERENCE_NAMES.materials]: {
    columns: (F) => [
      <TextField key="name" source="name" label={`${F}.name`} />,
      <NumberField key="quantity" source="quantity" label={`${F}.quantity`} />,
      <NumberField key="value" source="value" label={`${F}.value`} options={{ minimumFractionDigits: 2 }} />,
    ],
    inputs: (F) => [
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
      <NumberInput key="quantity" source="quantity" label={`${F}.quantity`} validate={count} min={0} />,
      <NumberInput key="value" source="value" label={`${F}.value`} validate={count} min={0} step={0.01} />,
    ],
    body: ['name', 'quantity', 'value'],
    sortField: 'name',
  },
  [REFERENCE_NAMES.courses]: {
    columns: (F) => [
      <TextField key="code" source="code" label={`${F}.code`} />,
      <TextField key="name" source="name" label={`${F}.name`} />,
      <FunctionField<CourseItem> key="used" label={`${F}.there_are_trainings_that_use_this_code`} sortable={false}
        render={(c) => (c.there_are_trainings_that_use_this_code ? '✓' : '')} />,
    ],
    inputs: (F) => [
      <TextInput key="code" source="code" label={`${F}.code`} validate={[required(), maxLength(64)]} helperText={`${F}.code_help`} />,
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
    ],
    body: ['code', 'name'],
    sortField: 'code',
  },
  [REFERENCE_NAMES.vacancies]: {
    columns: (F) => [
      <TextField key="branch" source="branch_name" label={`${F}.branch_id`} />,
      <TextField key="course" source="course_code" label={`${F}.course_id`} />,
      <TextField key="quarter" source="quarter" label={`${F}.quarter`} sortable={false} />,
      ...(['total', 'planned', 'filled', 'available', 'canceled'] as const).map((f) => <NumberField key={f} source={f} label={`${F}.${f}`} sortable={f === 'planned' || f === 'filled'} />),
    ],
    inputs: (F) => [
      <ReferenceInput key="branch" source="branch_id" reference={R.branches.name}>
        <SelectInput label={`${F}.branch_id`} optionText="name" validate={required()} />
      </ReferenceInput>,
      <ReferenceInput key="course" source="course_id" reference={REFERENCE_NAMES.courses}>
        <SelectInput label={`${F}.course_id`} optionText={(c: CourseItem) => `${c.code} — ${c.name}`} validate={required()} />
      </ReferenceInput>,
      // spec 3 §5 "The quarter is entered as quarter/year, quarter 1–4 (example 4/2020)."
      <TextInput key="quarter" source="quarter" label={`${F}.quarter`} validate={[required(), maxLength(16)]} helperText={`${F}.quarter_help`} />,
      <NumberInput key="total" source="total" label={`${F}.total`} min={0} />,
      <NumberInput key="planned" source="planned" label={`${F}.planned`} validate={count} min={0} />,
    ],
    body: ['branch_id', 'course_id', 'quarter', 'total', 'planned'],
    sortField: 'id',
    sortOrder: 'DESC',
  },
};

export const screens = referenceScreens(SHAPES, NAMED_SHAPE);
