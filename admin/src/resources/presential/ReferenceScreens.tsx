import type { ReactElement } from 'react';
import {
  Create, DeleteButton, Edit, FunctionField, NumberField, NumberInput, ReferenceField, ReferenceInput, SaveButton, SelectInput, TextField,
  TextInput, Toolbar, maxLength, minValue, required, useResourceContext,
} from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, type CourseItem } from '@lp/shared/contract';
import { ResourceList } from '../../common/ResourceList.tsx';

/**
 * The face-to-face reference lists and their editors (spec 3 §3 "Other presential data"; spec 1
 * §2.3 presential/appointment-types, categories-modules, products, materials, courses-catalog,
 * planned-vacancies): one list and one form per resource, the same shape for all; labels from
 * `resources.{name}.fields.*`.
 */
type Kind = 'types' | 'categories' | 'products' | 'materials' | 'courses' | 'vacancies';
const R = ADMIN_RESOURCES;
export const REFERENCE_NAMES: Record<Kind, string> = {
  types: R.presential_appointment_types.name,
  categories: R.presential_product_categories.name,
  products: R.presential_products.name,
  materials: R.presential_support_materials.name,
  courses: R.presential_courses.name,
  vacancies: R.presential_planned_vacancies.name,
};
const kindOf = (resource: string): Kind => (Object.entries(REFERENCE_NAMES).find(([, name]) => name === resource)?.[0] ?? 'categories') as Kind;

const name = [required(), maxLength(256)];
const count = [required(), minValue(0)];

function columns(kind: Kind, F: string): ReactElement[] {
  switch (kind) {
    case 'types': return [
      <TextField key="label" source="label" label={`${F}.label`} />,
      <NumberField key="max" source="maximum_participants" label={`${F}.maximum_participants`} />,
    ];
    case 'products': return [
      <TextField key="name" source="name" label={`${F}.name`} />,
      <ReferenceField key="category" source="category_id" reference={REFERENCE_NAMES.categories} label={`${F}.category_id`} link={false} />,
    ];
    case 'materials': return [
      <TextField key="name" source="name" label={`${F}.name`} />,
      <NumberField key="quantity" source="quantity" label={`${F}.quantity`} />,
      <NumberField key="value" source="value" label={`${F}.value`} options={{ minimumFractionDigits: 2 }} />,
    ];
    case 'courses': return [
      <TextField key="code" source="code" label={`${F}.code`} />,
      <TextField key="name" source="name" label={`${F}.name`} />,
      <FunctionField<CourseItem> key="used" label={`${F}.there_are_trainings_that_use_this_code`} sortable={false}
        render={(c) => (c.there_are_trainings_that_use_this_code ? '✓' : '')} />,
    ];
    case 'vacancies': return [
      <TextField key="branch" source="branch_name" label={`${F}.branch_id`} />,
      <TextField key="course" source="course_code" label={`${F}.course_id`} />,
      <TextField key="quarter" source="quarter" label={`${F}.quarter`} sortable={false} />,
      ...(['total', 'planned', 'filled', 'available', 'canceled'] as const).map((f) => <NumberField key={f} source={f} label={`${F}.${f}`} sortable={f === 'planned' || f === 'filled'} />),
    ];
    default: return [<TextField key="name" source="name" label={`${F}.name`} />];
  }
}

export function ReferenceList() {
  const resource = useResourceContext() ?? '';
  const kind = kindOf(resource);
  const F = `resources.${resource}.fields`;
  const sortField = kind === 'types' ? 'label' : kind === 'courses' ? 'code' : kind === 'vacancies' ? 'id' : 'name';
  return (
    <ResourceList sortField={sortField} sortOrder={kind === 'vacancies' ? 'DESC' : 'ASC'}>
      <TextField source="id" label={`${F}.id`} />
      {columns(kind, F)}
    </ResourceList>
  );
}

function inputs(kind: Kind, F: string): ReactElement[] {
  switch (kind) {
    case 'types': return [
      <TextInput key="label" source="label" label={`${F}.label`} validate={name} fullWidth />,
      <NumberInput key="max" source="maximum_participants" label={`${F}.maximum_participants`} min={1} helperText={`${F}.maximum_participants_help`} />,
    ];
    case 'products': return [
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
      <ReferenceInput key="category" source="category_id" reference={REFERENCE_NAMES.categories}>
        <SelectInput label={`${F}.category_id`} optionText="name" />
      </ReferenceInput>,
    ];
    case 'materials': return [
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
      <NumberInput key="quantity" source="quantity" label={`${F}.quantity`} validate={count} min={0} />,
      <NumberInput key="value" source="value" label={`${F}.value`} validate={count} min={0} step={0.01} />,
    ];
    case 'courses': return [
      <TextInput key="code" source="code" label={`${F}.code`} validate={[required(), maxLength(64)]} helperText={`${F}.code_help`} />,
      <TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />,
    ];
    case 'vacancies': return [
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
    ];
    default: return [<TextInput key="name" source="name" label={`${F}.name`} validate={name} fullWidth />];
  }
}

/** What each resource sends (the answer carries read-only figures the input schema refuses). */
function toBody(kind: Kind, record: Record<string, unknown>): Record<string, unknown> {
  const keep: Record<Kind, string[]> = {
    types: ['label', 'maximum_participants'], categories: ['name'], products: ['name', 'category_id'], materials: ['name', 'quantity', 'value'],
    courses: ['code', 'name'], vacancies: ['branch_id', 'course_id', 'quarter', 'total', 'planned'],
  };
  return Object.fromEntries(keep[kind].filter((k) => record[k] !== undefined && record[k] !== '').map((k) => [k, record[k]]));
}

function ReferenceForm({ edit }: { edit: boolean }) {
  const resource = useResourceContext() ?? '';
  const kind = kindOf(resource);
  return (
    <EditorForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton />{edit && <DeleteButton mutationMode="pessimistic" />}</Toolbar>}>
      {inputs(kind, `resources.${resource}.fields`)}
    </EditorForm>
  );
}

/** `/{resource}/{id}`; 0 is a new row. Server refusals (codes in use, quarters, filled seats) land on their fields. */
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
