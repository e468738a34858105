import { ReferenceField, TextField } from 'react-admin';

/**
 * The name of a lookup record a column points at (branch → headquarter, regional …).
 * Pass `sortable={false}`: the datagrid header reads it from this element's props.
 */
export function LookupNameField({ source, reference }: { source: string; reference: string; sortable: false; label?: string }) {
  return (
    <ReferenceField source={source} reference={reference} link={false} sortable={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}
