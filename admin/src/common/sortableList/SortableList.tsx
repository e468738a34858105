import { useMemo, useRef, type ReactNode } from 'react';
import { Box, IconButton } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslate } from 'react-admin';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors,
  type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { dropMove } from './dropMove.ts';

const KEY = 'common.sorting';

export interface SortableListProps<T> {
  items: readonly T[];
  /** A stable key per item (not its index): the rows keep their state while they move. */
  getKey(item: T): UniqueIdentifier;
  /** What the drag handle and the screen-reader announcements call the item. */
  getLabel(item: T, index: number): string;
  /** The item at `from` now sits at `to` (indexes in `items`); the caller keeps the order. */
  onMove(from: number, to: number): void;
  renderItem(item: T, index: number): ReactNode;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * The one way the admin reorders a list by drag and drop (docs/admin.md "Ordered lists"): each row
 * has a drag handle, a button named after the item, that the mouse, a finger or the keyboard
 * (space or enter picks up, arrows move, space or enter drops, escape cancels) moves; the moves are
 * announced in the admin's language. The list only reports `onMove`: the caller saves the order.
 */
export function SortableList<T>({ items, getKey, getLabel, onMove, renderItem, disabled = false, 'aria-label': ariaLabel }: SortableListProps<T>) {
  const translate = useTranslate();
  const sensors = useSensors(
    // a few pixels before a drag starts, so a click on the handle stays a click
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(getKey);
  const labelOf = (id: UniqueIdentifier) => {
    const index = keys.indexOf(id);
    return index < 0 ? '' : getLabel(items[index] as T, index);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : keys.indexOf(id) + 1);
  const count = items.length;
  // the row is over itself as soon as it is picked up: that is no move to announce over the pick-up
  const justPickedUp = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return translate(`${KEY}.picked_up`, { title: labelOf(active.id), position: positionOf(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      const silent = justPickedUp.current && over?.id === active.id;
      justPickedUp.current = false;
      if (silent) return undefined;
      return over
        ? translate(`${KEY}.moved`, { title: labelOf(active.id), position: positionOf(over.id), count })
        : translate(`${KEY}.outside`, { title: labelOf(active.id) });
    },
    onDragEnd: ({ active, over }) => (over
      ? translate(`${KEY}.dropped`, { title: labelOf(active.id), position: positionOf(over.id), count })
      : translate(`${KEY}.canceled`, { title: labelOf(active.id) })),
    onDragCancel: ({ active }) => translate(`${KEY}.canceled`, { title: labelOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const move = dropMove(keys, active.id, over?.id);
    if (move) onMove(move.from, move.to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate(`${KEY}.instructions`) } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Box component="ul" aria-label={ariaLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item, index) => (
            <SortableRow key={keys[index]} id={keys[index] as UniqueIdentifier} label={getLabel(item, index)} disabled={disabled}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps { id: UniqueIdentifier; label: string; disabled: boolean; children: ReactNode }

function SortableRow({ id, label, disabled, children }: SortableRowProps) {
  const translate = useTranslate();
  const roleDescription = translate(`${KEY}.role_description`);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id, disabled, attributes: { roleDescription },
  });
  const style = useMemo(() => ({ transform: CSS.Translate.toString(transform), transition }), [transform, transition]);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={style}
      data-dragging={isDragging || undefined}
      sx={{
        display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper',
        position: 'relative', '&:last-of-type': { borderBottom: 0 },
        ...(isDragging ? { zIndex: 2, boxShadow: 6, borderRadius: 1 } : {}),
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        size="small"
        disabled={disabled}
        aria-label={translate(`${KEY}.drag_item`, { title: label })}
        // the pointer drags the row, it does not scroll the page on touch screens
        sx={{ mt: 1, cursor: disabled ? undefined : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
