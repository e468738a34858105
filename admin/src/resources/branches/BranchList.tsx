import { TextField } from 'react-admin';
import { LookupNameField } from '../../common/LookupNameField.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { branchFilters } from './branchFilters.tsx';

/** Stores/branches (spec 1 §3.6): configurable columns, filters kept per list. */
export function BranchList() {
  return (
    <ResourceList filters={branchFilters} omit={['store_document', 'size_type_id', 'city']}>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="store_name" />
      <TextField source="code" />
      <TextField source="store_document" />
      <LookupNameField source="headquarter_id" reference="lookup_headquarters" sortable={false} />
      <LookupNameField source="regional_id" reference="lookup_regionals" sortable={false} />
      <LookupNameField source="branch_type_id" reference="lookup_branch_types" sortable={false} />
      <LookupNameField source="size_type_id" reference="lookup_branch_size_types" sortable={false} />
      <TextField source="city" />
    </ResourceList>
  );
}

export default BranchList;
