export { SortableList, type SortableListProps } from './SortableList.tsx';
export { SortableFormIterator, type SortableFormIteratorProps } from './SortableFormIterator.tsx';
export { dropMove } from './dropMove.ts';
// what a caller that keeps its own array does in onMove
export { arrayMove } from '@dnd-kit/sortable';
