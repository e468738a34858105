import { CreateButton, SelectColumnsButton, TopToolbar } from 'react-admin';

/** Columns chooser (kept per list in the store) and, when the resource has one, "create". */
export function ListActions({ create = true }: { create?: boolean }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {create && <CreateButton />}
    </TopToolbar>
  );
}
