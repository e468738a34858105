import { describe, expect, it } from 'vitest';
import {
  canMoveDown, canMoveUp, checkPrerequisite, hasSequentialOrders, isValidTypedOrder, moveItem, prerequisiteOptions, reconcileHierarchy,
  setItemOrder, setPrerequisite, validateHierarchy, type HierarchyNode, type HierarchyRef, type HierarchyTypeSlug,
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

describe('spec 2 §5.8 prerequisite changes', () => {
  const chain = [node('module', 1, 1), node('test', 1, 2, ['module', 1]), node('module', 2, 3)];
  const parents = (list: HierarchyNode[] | string) => (typeof list === 'string' ? list : list.map((i) => `${i.type_slug}${i.type_id}<${i.parent_slug ?? ''}${i.parent_id ?? ''}`));

  it('sets, changes and clears a prerequisite, refusing what §5.8 refuses', () => {
    expect(parents(setPrerequisite(chain, { type_slug: 'module', type_id: 2 }, { type_slug: 'test', type_id: 1 })))
      .toEqual(['module1<', 'test1<module1', 'module2<test1']);
    expect(parents(setPrerequisite(chain, { type_slug: 'test', type_id: 1 }, null))).toEqual(['module1<', 'test1<', 'module2<']);
    expect(setPrerequisite(chain, { type_slug: 'module', type_id: 1 }, { type_slug: 'test', type_id: 1 })).toBe('hierarchy_circular_prerequisite');
    expect(setPrerequisite(chain, { type_slug: 'module', type_id: 2 }, { type_slug: 'module', type_id: 2 })).toBe('hierarchy_item_is_own_prerequisite');
    expect(setPrerequisite(chain, { type_slug: 'module', type_id: 2 }, { type_slug: 'game', type_id: 7 })).toBe('hierarchy_unknown_item');
  });

  it('tells sequential orders (1..n in any sequence) from gaps, repeats and zero', () => {
    expect(hasSequentialOrders([])).toBe(true);
    expect(hasSequentialOrders([{ hierarchy_order: 2 }, { hierarchy_order: 1 }])).toBe(true);
    expect(hasSequentialOrders([{ hierarchy_order: 0 }, { hierarchy_order: 1 }])).toBe(false);
    expect(hasSequentialOrders([{ hierarchy_order: 1 }, { hierarchy_order: 1 }])).toBe(false);
    expect(hasSequentialOrders([{ hierarchy_order: 1 }, { hierarchy_order: 3 }])).toBe(false);
  });
});

describe('the hierarchy as it stands after items are added and deleted', () => {
  const ref = (type_slug: HierarchyTypeSlug, type_id: number): HierarchyRef => ({ type_slug, type_id });
  const show = (list: HierarchyNode[]) => list.map((i) => `${i.type_slug}${i.type_id}@${i.hierarchy_order}<${i.parent_slug ?? ''}${i.parent_id ?? ''}`);
  const stored = [node('test', 1, 1), node('module', 1, 2, ['test', 1]), node('game', 1, 3, ['module', 1])];

  it('keeps stored order and prerequisites, and appends new items in creation order', () => {
    expect(show(reconcileHierarchy(stored, [ref('module', 1), ref('test', 1), ref('game', 1), ref('module', 2), ref('test', 2)]))).toEqual([
      'test1@1<', 'module1@2<test1', 'game1@3<module1', 'module2@4<', 'test2@5<',
    ]);
  });

  it('drops deleted items and renumbers; their dependants take the deleted item\'s own prerequisite', () => {
    expect(show(reconcileHierarchy(stored, [ref('test', 1), ref('game', 1)]))).toEqual(['test1@1<', 'game1@2<test1']);
    expect(show(reconcileHierarchy(stored, [ref('module', 1), ref('game', 1)]))).toEqual(['module1@1<', 'game1@2<module1']);
    expect(reconcileHierarchy(stored, [])).toEqual([]);
    expect(validateHierarchy(reconcileHierarchy(stored, [ref('game', 1), ref('module', 1)]))).toBeNull();
  });

  it('with nothing stored, lists every live item in creation order', () => {
    expect(show(reconcileHierarchy([], [ref('game', 3), ref('module', 1)]))).toEqual(['game3@1<', 'module1@2<']);
  });

  it('keeps a live prerequisite as sent, even a wrong one, for validateHierarchy to refuse', () => {
    const own = reconcileHierarchy([node('module', 1, 1, ['module', 1]), node('test', 1, 2)], [ref('module', 1), ref('test', 1)]);
    expect(validateHierarchy(own)).toBe('hierarchy_item_is_own_prerequisite');
  });
});
