import { TextField } from 'react-admin';
import { LookupNameField } from '../../common/LookupNameField.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';

/** Chains/companies (spec 1 §3.5); search covers name, company name and document. */
export function HeadquarterList() {
  return (
    <ResourceList omit={['fantasy_name', 'city']}>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="company_name" />
      <TextField source="fantasy_name" />
      <TextField source="company_document" />
      <TextField source="city" />
      <LookupNameField source="country_id" reference="lookup_countries" sortable={false} />
    </ResourceList>
  );
}

export default HeadquarterList;
