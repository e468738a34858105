import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { USER_STATUSES } from '@lp/shared/rules';

const statusChoices = USER_STATUSES.map((id) => ({ id, name: `resources.users.status.${id}` }));

/** spec 1 §2.3: users filters (kept per list by react-admin's store); keys of docs/api.md. */
export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <ReferenceInput key="profile_id" source="profile_id" reference="lookup_profiles" perPage={500} alwaysOn>
    <SelectInput optionText="name" label="resources.users.fields.profile_id" />
  </ReferenceInput>,
  <ReferenceInput key="area_id" source="area_id" reference="lookup_areas" perPage={500}>
    <SelectInput optionText="name" label="resources.users.fields.area_ids" />
  </ReferenceInput>,
  <ReferenceInput key="group_id" source="group_id" reference="lookup_user_groups" perPage={500}>
    <SelectInput optionText="name" label="resources.users.fields.group_ids" />
  </ReferenceInput>,
];
