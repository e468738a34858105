import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { CERTIFICATE_EXPIRY_WINDOWS, USER_STATUSES } from '@lp/shared/rules';

const statusChoices = USER_STATUSES.map((id) => ({ id, name: `resources.users.status.${id}` }));
/** the overview's "certificates expiring" drill-down (docs/api.md users list `certificate_expires_within`) */
const expiryChoices = CERTIFICATE_EXPIRY_WINDOWS.map((days) => ({ id: days, name: `resources.users.certificate_expiring.${days}` }));

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
  <SelectInput key="certificate_expires_within" source="certificate_expires_within" label="resources.users.fields.certificate_expires_within"
    choices={expiryChoices} />,
];
