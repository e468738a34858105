import type { ReactElement } from 'react';
import { Create, DeleteButton, Edit, SaveButton, TextField, TextInput, Toolbar, maxLength, required, useResourceContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { EditorForm } from '../editor/index.ts';
import { ResourceList } from '../ResourceList.tsx';

/**
 * One reference resource of a module (a named list, a catalog of codes, planned seats…): its
 * list columns and form inputs, labelled from `resources.{name}.fields.*` (`F`), the fields the
 * API takes (the answer carries read-only figures the input schema refuses) and the list's order.
 */
export interface ReferenceShape {
  columns(F: string): ReactElement[];
  inputs(F: string): ReactElement[];
  body: readonly string[];
  sortField: string;
  sortOrder?: 'ASC' | 'DESC';
}

/** The plain named list (a category, a brand…): its name, required, ordered by it. */
export const NAMED_SHAPE: ReferenceShape = {
  columns: (F) => [<TextField key="name" source="name" label={`${F}.name`} />],
  inputs: (F) => [<TextInput key="name" source="name" label={`${F}.name`} validate={[required(), maxLength(256)]} fullWidth />],
  body: ['name'],
  sortField: 'name',
};

export interface ReferenceScreens {
  ReferenceList(): ReactElement;
  ReferenceEdit(): ReactElement;
  ReferenceCreate(): ReactElement;
}

/**
 * A module's reference lists and their editors, one list and one form for all of them: each
 * screen reads its resource from the route and draws that resource's shape. `fallback` is the
 * shape of a resource not named in `shapes` (e.g. the plain named lists).
 */
export function referenceScreens(shapes: Readonly<Record<string, ReferenceShape>>, fallback: ReferenceShape): ReferenceScreens {
  const shapeOf = (resource: string) => shapes[resource] ?? fallback;
  const toBody = (resource: string, record: Record<string, unknown>) =>
    Object.fromEntries(shapeOf(resource).body.filter((k) => record[k] !== undefined && record[k] !== '').map((k) => [k, record[k]]));

  function ReferenceList() {
    const resource = useResourceContext() ?? '';
    const shape = shapeOf(resource);
    const F = `resources.${resource}.fields`;
    return (
      <ResourceList sortField={shape.sortField} sortOrder={shape.sortOrder ?? 'ASC'}>
        <TextField source="id" label={`${F}.id`} />
        {shape.columns(F)}
      </ResourceList>
    );
  }

  function ReferenceForm({ edit }: { edit: boolean }) {
    const resource = useResourceContext() ?? '';
    return (
      <EditorForm toolbar={<Toolbar sx={{ justifyContent: 'space-between' }}><SaveButton />{edit && <DeleteButton mutationMode="pessimistic" />}</Toolbar>}>
        {shapeOf(resource).inputs(`resources.${resource}.fields`)}
      </EditorForm>
    );
  }

  function ReferenceCreate() {
    const resource = useResourceContext() ?? '';
    return (
      <Create redirect="list" transform={(r: Record<string, unknown>) => toBody(resource, r)}>
        <ReferenceForm edit={false} />
      </Create>
    );
  }

  /** `/{resource}/{id}`; 0 is a new row. Server refusals (a row in use, a bad value) land on their fields. */
  function ReferenceEdit() {
    const { id } = useParams();
    const resource = useResourceContext() ?? '';
    if (id === '0') return <ReferenceCreate />;
    return (
      <Edit mutationMode="pessimistic" redirect="list" transform={(r: Record<string, unknown>) => toBody(resource, r)}>
        <ReferenceForm edit />
      </Edit>
    );
  }

  return { ReferenceList, ReferenceEdit, ReferenceCreate };
}
