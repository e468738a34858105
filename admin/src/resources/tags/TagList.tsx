import { ArrayField, ChipField, SingleFieldList, TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function TagList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
      <ArrayField source="areas" sortable={false}>
        <SingleFieldList linkType={false}>
          <ChipField source="name" size="small" />
        </SingleFieldList>
      </ArrayField>
    </ResourceList>
  );
}

export default TagList;
