import type { ReactNode } from 'react';
import { CreateButton, SelectColumnsButton, TopToolbar } from 'react-admin';

/** Columns chooser (kept per list in the store), "create" when the resource has one, then the list's own buttons (a report button). */
export function ListActions({ create = true, children }: { create?: boolean; children?: ReactNode }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {create && <CreateButton />}
      {children}
    </TopToolbar>
  );
}
