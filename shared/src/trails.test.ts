import { describe, expect, it } from 'vitest';
import { canMoveDown, canMoveUp } from './trainings/hierarchy.ts';
import {
  TRAIL_ITEM_KINDS, addTrailItem, trailPercentOf, moveTrailItem, normaliseTrailItems, removeTrailItem, setTrailItemOrder, setTrailPrerequisite, trailPrerequisiteOptions, validateTrailBasicData, validateTrailItems, type TrailItemNode,
} from './trails.ts';

const ctx = { canSetScore: true, useSubscription: false };
const valid = { title: 'Trilha de vendas', description: '<p>Do básico ao avançado</p>', score: 50, order: 1, areas: [1], profiles: [2] };

describe('validateTrailBasicData (spec 2 §3.8, §5.1 audience, §9 limits)', () => {
  it('accepts a complete trail and an empty description', () => {
    expect(validateTrailBasicData(valid, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, description: '' }, ctx)).toEqual({});
  });

  it('title: required, at most 256 characters', () => {
    expect(validateTrailBasicData({ ...valid, title: '   ' }, ctx)).toEqual({ title: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateTrailBasicData({ ...valid, title: 'é'.repeat(256) }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, title: 'é'.repeat(257) }, ctx)).toEqual({ title: 'title_too_long' });
  });

  it('description: at most 1024 characters of plain text (tags do not count)', () => {
    expect(validateTrailBasicData({ ...valid, description: `<p><strong>${'a'.repeat(1024)}</strong></p>` }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, description: `<p>${'a'.repeat(1025)}</p>` }, ctx)).toEqual({ description: 'introduction_too_long' });
  });

  it('score: 0 to 99999, required only from those who may set it', () => {
    expect(validateTrailBasicData({ ...valid, score: 99999 }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, score: 100000 }, ctx)).toEqual({ score: 'score_out_of_range' });
    expect(validateTrailBasicData({ ...valid, score: -1 }, ctx)).toEqual({ score: 'score_out_of_range' });
    expect(validateTrailBasicData({ ...valid, score: 1.5 }, ctx)).toEqual({ score: 'score_out_of_range' });
    expect(validateTrailBasicData({ ...valid, score: null }, ctx)).toEqual({ score: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateTrailBasicData({ ...valid, score: null }, { ...ctx, canSetScore: false })).toEqual({});
  });

  it('order: a whole number from 0', () => {
    expect(validateTrailBasicData({ ...valid, order: 0 }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, order: -1 }, ctx)).toEqual({ order: 'validation_error' });
  });

  it('dates: real days, and the unpublish date after the availability date', () => {
    expect(validateTrailBasicData({ ...valid, availability_date: '2026-12-01', date_to_unpublish: '2026-12-02' }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, date_to_unpublish: '2026-12-02' }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, availability_date: '2026-12-01', date_to_unpublish: '2026-12-01' }, ctx))
      .toEqual({ date_to_unpublish: 'date_to_unpublish_before_availability' });
    expect(validateTrailBasicData({ ...valid, availability_date: '2026-12-01', date_to_unpublish: '2026-11-30' }, ctx))
      .toEqual({ date_to_unpublish: 'date_to_unpublish_before_availability' });
    expect(validateTrailBasicData({ ...valid, availability_date: '2026-02-30' }, ctx)).toEqual({ availability_date: 'validation_error' });
  });

  it('audience: the training rule — user groups, or both areas and profiles; mandatory subsets with subscription', () => {
    expect(validateTrailBasicData({ ...valid, areas: [], profiles: [], user_groups: [5] }, ctx)).toEqual({});
    expect(validateTrailBasicData({ ...valid, areas: [], profiles: [] }, ctx)).toEqual({
      areas: 'make_sure_that_all_fields_are_filled_in', profiles: 'make_sure_that_all_fields_are_filled_in', user_groups: 'choose_user_groups_or_areas_and_profiles',
    });
    expect(validateTrailBasicData({ ...valid, profiles: [] }, ctx)).toEqual({ profiles: 'make_sure_that_all_fields_are_filled_in' });
    const sub = { ...ctx, useSubscription: true };
    expect(validateTrailBasicData({ ...valid, mandatory_areas: [1], mandatory_profiles: [2] }, sub)).toEqual({});
    expect(validateTrailBasicData({ ...valid, mandatory_areas: [1] }, sub)).toEqual({ mandatory_profiles: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateTrailBasicData({ ...valid, mandatory_areas: [9], mandatory_profiles: [2] }, sub)).toEqual({ mandatory_areas: 'mandatory_audience_not_chosen' });
    // without subscription the mandatory lists are not judged
    expect(validateTrailBasicData({ ...valid, mandatory_areas: [9] }, ctx)).toEqual({});
  });

});

const t = (item_id: number, order: number, prerequisite: number | null = null): TrailItemNode => ({
  kind: 'training', item_id, order, prerequisite: prerequisite === null ? null : { kind: 'training', item_id: prerequisite },
});
const ids = (items: TrailItemNode[] | null) => items?.map((i) => [i.item_id, i.order, i.prerequisite?.item_id ?? null]);

describe('trail modules (spec 2 §2.4, the §5.8 hierarchy rules)', () => {
  it('offers the kinds that exist: trainings, live classes, webcasts, news, podcasts and library files (spec 2 §2.4)', () => {
    expect(TRAIL_ITEM_KINDS).toEqual(['training', 'live_class', 'webcast', 'news', 'podcast', 'library_file']);
  });

  it('keeps modules of different kinds with the same id apart', () => {
    const mixed: TrailItemNode[] = [t(7, 1), { kind: 'news', item_id: 7, order: 2, prerequisite: { kind: 'training', item_id: 7 } }];
    expect(validateTrailItems(mixed)).toBeNull();
    expect(removeTrailItem(mixed, { kind: 'training', item_id: 7 })).toEqual([{ kind: 'news', item_id: 7, order: 1, prerequisite: null }]);
    // course catalogs do not exist yet: not a kind
    expect(validateTrailItems([...mixed, { kind: 'course_catalog' as never, item_id: 1, order: 3, prerequisite: null }])).toBe('validation_error');
  });

  it('a trail\'s percent is the mean of its modules\' (100 only when all are done)', () => {
    expect(trailPercentOf([])).toBe(0);
    expect(trailPercentOf([100, 100, 0])).toBe(66);
    expect(trailPercentOf([100, 99])).toBe(99);
    expect(trailPercentOf([100, 100])).toBe(100);
  });

  it('orders: normalises, moves up/down (the neighbour takes the old place) and takes a typed order', () => {
    const items = [t(30, 3), t(10, 1), t(20, 2)];
    expect(ids(normaliseTrailItems(items))).toEqual([[10, 1, null], [20, 2, null], [30, 3, null]]);
    expect(canMoveUp(1)).toBe(false);
    expect(canMoveDown(3, 3)).toBe(false);
    expect(ids(moveTrailItem(items, { kind: 'training', item_id: 20 }, 'up'))).toEqual([[20, 1, null], [10, 2, null], [30, 3, null]]);
    expect(moveTrailItem(items, { kind: 'training', item_id: 10 }, 'up')).toBeNull();
    expect(ids(setTrailItemOrder(items, { kind: 'training', item_id: 30 }, 1))).toEqual([[30, 1, null], [10, 2, null], [20, 3, null]]);
    expect(setTrailItemOrder(items, { kind: 'training', item_id: 30 }, 4)).toBeNull();
    expect(setTrailItemOrder(items, { kind: 'training', item_id: 30 }, 0)).toBeNull();
  });

  it('prerequisites: not itself, not one that depends on it, and one item always without', () => {
    const items = [t(10, 1), t(20, 2, 10), t(30, 3)];
    const options = (id: number) => trailPrerequisiteOptions(items, { kind: 'training', item_id: id }).map((i) => i.item_id);
    expect(options(20)).toEqual([10, 30]);
    expect(options(10)).toEqual([30]);
    expect(setTrailPrerequisite(items, { kind: 'training', item_id: 20 }, { kind: 'training', item_id: 20 })).toBe('hierarchy_item_is_own_prerequisite');
    expect(setTrailPrerequisite(items, { kind: 'training', item_id: 10 }, { kind: 'training', item_id: 20 })).toBe('hierarchy_circular_prerequisite');
    const two = setTrailPrerequisite(items, { kind: 'training', item_id: 30 }, { kind: 'training', item_id: 20 }) as TrailItemNode[];
    expect(ids(two)).toEqual([[10, 1, null], [20, 2, 10], [30, 3, 20]]);
    // two of three have one: the last free item gets no options
    expect(trailPrerequisiteOptions(two, { kind: 'training', item_id: 10 })).toEqual([]);
    expect(setTrailPrerequisite(two, { kind: 'training', item_id: 10 }, { kind: 'training', item_id: 30 })).toBe('hierarchy_one_item_without_prerequisite');
    expect(ids(setTrailPrerequisite(two, { kind: 'training', item_id: 30 }, null) as TrailItemNode[])).toEqual([[10, 1, null], [20, 2, 10], [30, 3, null]]);
  });

  it('adds at the end and removes, clearing prerequisites on the removed item and renumbering', () => {
    const items = [t(10, 1), t(20, 2, 10), t(30, 3, 20)];
    expect(ids(addTrailItem(items, t(40, 99, 10)))).toEqual([[10, 1, null], [20, 2, 10], [30, 3, 20], [40, 4, null]]);
    expect(addTrailItem(items, t(20, 1))).toHaveLength(3);
    expect(ids(removeTrailItem(items, { kind: 'training', item_id: 20 }))).toEqual([[10, 1, null], [30, 2, null]]);
  });

  it('validates a whole list as the server receives it', () => {
    expect(validateTrailItems([])).toBeNull();
    expect(validateTrailItems([t(10, 1), t(20, 2, 10)])).toBeNull();
    expect(validateTrailItems([t(10, 1), t(20, 3)])).toBe('hierarchy_invalid_order');
    expect(validateTrailItems([t(10, 1), t(10, 2)])).toBe('hierarchy_unknown_item');
    expect(validateTrailItems([t(10, 1), t(20, 2, 99)])).toBe('hierarchy_unknown_item');
    expect(validateTrailItems([t(10, 1, 10)])).toBe('hierarchy_item_is_own_prerequisite');
    expect(validateTrailItems([t(10, 1, 20), t(20, 2, 10)])).toBe('hierarchy_one_item_without_prerequisite');
    expect(validateTrailItems([t(10, 1, 30), t(20, 2, 10), t(30, 3, 20), t(40, 4)])).toBe('hierarchy_circular_prerequisite');
    expect(validateTrailItems([{ ...t(10, 1), kind: 'course_catalog' as never }])).toBe('validation_error');
  });
});
