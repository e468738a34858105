import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AddItemButton, RecordContextProvider, RemoveItemButton, SimpleFormIteratorBase, SimpleFormIteratorItemBase, useArrayInput,
  useEvent, useGetArrayInputNewItemDefaults, useSimpleFormIterator, useTranslate, useWrappedSource,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SortableList } from './SortableList.tsx';

type ItemValues = Record<string, unknown>;

export interface SortableFormIteratorProps {
  children: ReactNode;
  /** What a row is called (its handle, its remove button, the announcements), from its current values. */
  getItemLabel(values: ItemValues | undefined, index: number): string;
  /** The add button's text (translation key or text). */
  addLabel: string;
  /** Inputs side by side from the small breakpoint on, as SimpleFormIterator's `inline`. */
  inline?: boolean;
  disabled?: boolean;
}

/**
 * react-admin's SimpleFormIterator with drag and drop instead of arrows: the rows of an
 * ArrayInput in a SortableList, moved with react-hook-form's move, so the form's order is the
 * order its Save sends (docs/admin.md "Ordered lists").
 */
export function SortableFormIterator(props: SortableFormIteratorProps) {
  const { fields } = useArrayInput();
  const newItemDefaults = useGetArrayInputNewItemDefaults(fields);
  const getItemDefaults = useEvent((item: unknown = undefined) => item ?? newItemDefaults(props.children));
  return (
    <SimpleFormIteratorBase getItemDefaults={getItemDefaults}>
      <SortableRows {...props} />
    </SimpleFormIteratorBase>
  );
}

function SortableRows({ children, getItemLabel, addLabel, inline = false, disabled = false }: SortableFormIteratorProps) {
  const translate = useTranslate();
  const source = useWrappedSource('');
  const { fields } = useArrayInput();
  const { reOrder } = useSimpleFormIterator();
  // the live values (fields keep the values they were added with): labels follow what is typed
  const values = useWatch({ name: source }) as ItemValues[] | undefined;
  const labelOf = (index: number) => getItemLabel(values?.[index], index);
  return (
    <Box>
      <SortableList
        items={fields}
        getKey={(field) => field.id}
        getLabel={(_, index) => labelOf(index)}
        onMove={reOrder}
        disabled={disabled}
        renderItem={(_, index) => (
          <RecordContextProvider value={values?.[index] ?? {}}>
            <SimpleFormIteratorItemBase index={index}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Stack direction={inline ? { xs: 'column', sm: 'row' } : 'column'} sx={{ flex: 1, minWidth: 0, gap: inline ? 2 : 0 }}>
                  {children}
                </Stack>
                {!disabled && <RemoveItemButton label={translate('common.sorting.remove_item', { title: labelOf(index) })} sx={{ mt: 1 }} />}
              </Box>
            </SimpleFormIteratorItemBase>
          </RecordContextProvider>
        )}
      />
      {!disabled && <AddItemButton label={addLabel} />}
    </Box>
  );
}
