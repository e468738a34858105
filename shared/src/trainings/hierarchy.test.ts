import { describe, expect, it } from 'vitest';
import {
  canMoveDown, canMoveUp, checkPrerequisite, isValidTypedOrder, moveItem, prerequisiteOptions, setItemOrder, validateHierarchy,
  type HierarchyNode, type HierarchyTypeSlug,
} from './hierarchy.ts';

const node = (type_slug: HierarchyTypeSlug, type_id: number, hierarchy_order: number, parent: [HierarchyTypeSlug, number] | null = null): HierarchyNode => ({
  type_slug, type_id, hierarchy_order, parent_slug: parent?.[0] ?? null, parent_id: parent?.[1] ?? null,
});
const order = (items: HierarchyNode[] | null) => items?.map((i) => `${i.type_slug}${i.type_id}@${i.hierarchy_order}`);

const items = [node('module', 1, 1), node('test', 1, 2), node('module', 2, 3), node('game', 1, 4)];

describe('spec 2 §5.8 ordering', () => {
  it('"Move up only when order > 1; move down only when order < item count"', () => {
    expect(canMoveUp(1)).toBe(false);
    expect(canMoveUp(2)).toBe(true);
    expect(canMoveDown(4, 4)).toBe(false);
    expect(canMoveDown(3, 4)).toBe(true);
    expect(moveItem(items, { type_slug: 'module', type_id: 1 }, 'up')).toBeNull();
    expect(moveItem(items, { type_slug: 'game', type_id: 1 }, 'down')).toBeNull();
  });

  it('"The neighbour takes the old position"', () => {
    expect(order(moveItem(items, { type_slug: 'module', type_id: 2 }, 'up'))).toEqual(['module1@1', 'module2@2', 'test1@3', 'game1@4']);
    expect(order(moveItem(items, { type_slug: 'module', type_id: 1 }, 'down'))).toEqual(['test1@1', 'module1@2', 'module2@3', 'game1@4']);
  });

  it('"A typed order must be > 0 and at most the item count; the other items shift to make room"', () => {
    expect(isValidTypedOrder(0, 4)).toBe(false);
    expect(isValidTypedOrder(5, 4)).toBe(false);
    expect(isValidTypedOrder(1.5, 4)).toBe(false);
    expect(setItemOrder(items, { type_slug: 'game', type_id: 1 }, 5)).toBeNull();
    expect(order(setItemOrder(items, { type_slug: 'game', type_id: 1 }, 1))).toEqual(['game1@1', 'module1@2', 'test1@3', 'module2@4']);
    expect(order(setItemOrder(items, { type_slug: 'module', type_id: 1 }, 3))).toEqual(['test1@1', 'module2@2', 'module1@3', 'game1@4']);
  });
});

describe('spec 2 §5.8 prerequisites', () => {
  it('"An item cannot be its own prerequisite"', () => {
    expect(checkPrerequisite(items, { type_slug: 'test', type_id: 1 }, { type_slug: 'test', type_id: 1 })).toBe('hierarchy_item_is_own_prerequisite');
    expect(prerequisiteOptions(items, { type_slug: 'test', type_id: 1 }).map((i) => i.type_slug + i.type_id)).toEqual(['module1', 'module2', 'game1']);
  });

  it('"An item cannot take as prerequisite an item whose prerequisite is this item"', () => {
    const withParent = [node('module', 1, 1), node('test', 1, 2, ['module', 1]), node('module', 2, 3)];
    expect(checkPrerequisite(withParent, { type_slug: 'module', type_id: 1 }, { type_slug: 'test', type_id: 1 })).toBe('hierarchy_circular_prerequisite');
    expect(prerequisiteOptions(withParent, { type_slug: 'module', type_id: 1 }).map((i) => i.type_slug + i.type_id)).toEqual(['module2']);
  });

  it('"at least one item always stays without one": options only while fewer than (count − 1) items have prerequisites', () => {
    const two = [node('module', 1, 1), node('test', 1, 2, ['module', 1]), node('module', 2, 3, ['test', 1])];
    // module 1 is the last one without a prerequisite
    expect(prerequisiteOptions(two, { type_slug: 'module', type_id: 1 })).toEqual([]);
    expect(checkPrerequisite(two, { type_slug: 'module', type_id: 1 }, { type_slug: 'module', type_id: 2 })).toBe('hierarchy_one_item_without_prerequisite');
    // an item that already has one may change it
    expect(checkPrerequisite(two, { type_slug: 'module', type_id: 2 }, { type_slug: 'module', type_id: 1 })).toBeNull();
    // clearing is always allowed
    expect(checkPrerequisite(two, { type_slug: 'module', type_id: 2 }, null)).toBeNull();
  });

  it('checks a whole hierarchy as stored', () => {
    expect(validateHierarchy([])).toBeNull();
    expect(validateHierarchy([node('module', 1, 1), node('test', 1, 2, ['module', 1])])).toBeNull();
    expect(validateHierarchy([node('module', 1, 1), node('test', 1, 3)])).toBe('hierarchy_invalid_order');
    expect(validateHierarchy([node('module', 1, 1), node('test', 1, 1)])).toBe('hierarchy_invalid_order');
    expect(validateHierarchy([node('module', 1, 1, ['module', 1]), node('test', 1, 2)])).toBe('hierarchy_item_is_own_prerequisite');
    expect(validateHierarchy([node('module', 1, 1, ['game', 9]), node('test', 1, 2)])).toBe('hierarchy_unknown_item');
    expect(validateHierarchy([node('module', 1, 1, ['test', 1]), node('test', 1, 2, ['module', 1])])).toBe('hierarchy_one_item_without_prerequisite');
    // 2-cycles (and longer ones) are refused even while another item is free
    expect(validateHierarchy([node('module', 1, 1, ['test', 1]), node('test', 1, 2, ['module', 1]), node('game', 1, 3)])).toBe('hierarchy_circular_prerequisite');
    expect(validateHierarchy([
      node('module', 1, 1, ['test', 1]), node('test', 1, 2, ['game', 1]), node('game', 1, 3, ['module', 1]), node('module', 2, 4),
    ])).toBe('hierarchy_circular_prerequisite');
  });
});
