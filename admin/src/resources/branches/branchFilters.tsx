import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';

/** Branch filters of docs/api.md (kept per list by react-admin's store). */
export const branchFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="headquarter_id" source="headquarter_id" reference="lookup_headquarters" perPage={1000} alwaysOn>
    <SelectInput optionText="name" label="resources.organization-branches.fields.headquarter_id" />
  </ReferenceInput>,
  <ReferenceInput key="regional_id" source="regional_id" reference="lookup_regionals" perPage={1000}>
    <SelectInput optionText="name" label="resources.organization-branches.fields.regional_id" />
  </ReferenceInput>,
  <ReferenceInput key="branch_type_id" source="branch_type_id" reference="lookup_branch_types" perPage={1000}>
    <SelectInput optionText="name" label="resources.organization-branches.fields.branch_type_id" />
  </ReferenceInput>,
  <ReferenceInput key="size_type_id" source="size_type_id" reference="lookup_branch_size_types" perPage={1000}>
    <SelectInput optionText="name" label="resources.organization-branches.fields.size_type_id" />
  </ReferenceInput>,
];
