import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/** Save, and delete behind a confirmation dialog. */
export function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}
