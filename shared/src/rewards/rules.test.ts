import { describe, expect, it } from 'vitest';
import { PRESENTIAL_POINTS_CATEGORIES } from '../presential/results.ts';
import { CAMPAIGN_POINTS_CATEGORIES } from './lists.ts';
import {
  awardCategory, balances, campaignTransitionAllowed, categoryCredit, levelForPoints, levelRangesValid, lockedFieldChanges, orderTransitionAllowed, repeatedProduct,
  reprovalJustified, runningBalances, salePoints, saleTransitionAllowed, unitPoints, type PointsRule,
} from './rules.ts';

describe('campaign status (spec 3 §4 "Reward campaign")', () => {
  it('goes draft → published → closed only', () => {
    expect(campaignTransitionAllowed('draft', 'published')).toBe(true);
    expect(campaignTransitionAllowed('published', 'closed')).toBe(true);
    expect(campaignTransitionAllowed('draft', 'closed')).toBe(false);
    expect(campaignTransitionAllowed('published', 'draft')).toBe(false);
    expect(campaignTransitionAllowed('closed', 'published')).toBe(false);
  });
  it('locks the fields once published ("Publishing locks the fields")', () => {
    expect(lockedFieldChanges('draft', { title: 'a' }, { title: 'b' })).toEqual([]);
    expect(lockedFieldChanges('published', { title: 'a', multiplication_base: 1 }, { title: 'b', multiplication_base: 1 })).toEqual(['title']);
    expect(lockedFieldChanges('published', { levels: [{ level_id: 1 }] }, { levels: [{ level_id: 1 }] })).toEqual([]);
  });
});

describe('points table (spec 3 §3 "unit points by product, product type or brand", §9)', () => {
  const table: PointsRule[] = [
    { target: 'brand', target_id: 7, points: 2 },
    { target: 'product_type', target_id: 3, points: 5 },
    { target: 'product', target_id: 11, points: 20 },
  ];
  it('takes the product, else its type, else its brand', () => {
    expect(unitPoints({ product_id: 11, product_type_id: 3, brand_id: 7 }, table)).toBe(20);
    expect(unitPoints({ product_id: 12, product_type_id: 3, brand_id: 7 }, table)).toBe(5);
    expect(unitPoints({ product_id: 12, product_type_id: null, brand_id: 7 }, table)).toBe(2);
    expect(unitPoints({ product_id: 12, product_type_id: 4, brand_id: 8 }, table)).toBe(0);
  });
  it('multiplies quantity × unit points by the multiplication base', () => {
    const lines = [{ product_id: 11, product_type_id: 3, brand_id: 7, quantity: 2 }, { product_id: 12, product_type_id: null, brand_id: 7, quantity: 3 }];
    expect(salePoints(lines, table, 1)).toEqual({ lines: [{ unit_points: 20, points: 40 }, { unit_points: 2, points: 6 }], total: 46 });
    expect(salePoints(lines, table, 1.5).total).toBe(69);
    expect(salePoints(lines, table, 0).total).toBe(46);
  });
  it('refuses a product entered twice ("One product entry per product")', () => {
    expect(repeatedProduct([{ product_id: 1 }, { product_id: 2 }])).toBeNull();
    expect(repeatedProduct([{ product_id: 1 }, { product_id: 2 }, { product_id: 1 }])).toBe(1);
  });
});

describe('levels from point ranges', () => {
  const levels = [{ level_id: 1, points_from: 0, points_to: 99 }, { level_id: 2, points_from: 100, points_to: 499 }, { level_id: 3, points_from: 500, points_to: null }];
  it('finds the range holding the points', () => {
    expect(levelForPoints(0, levels)).toBe(1);
    expect(levelForPoints(100, levels)).toBe(2);
    expect(levelForPoints(10_000, levels)).toBe(3);
    expect(levelForPoints(-5, levels)).toBeNull();
  });
  it('refuses overlapping or reversed ranges', () => {
    expect(levelRangesValid(levels)).toBe(true);
    expect(levelRangesValid([{ level_id: 1, points_from: 0, points_to: 100 }, { level_id: 2, points_from: 100, points_to: null }])).toBe(false);
    expect(levelRangesValid([{ level_id: 1, points_from: 50, points_to: 10 }])).toBe(false);
    expect(levelRangesValid([{ level_id: 1, points_from: 0, points_to: null }, { level_id: 2, points_from: 10, points_to: null }])).toBe(false);
  });
});

describe('sales, orders and the ledger', () => {
  it('audits a sale at any time and needs a justification to reprove it', () => {
    expect(saleTransitionAllowed('awaiting_approval', 'approved')).toBe(true);
    expect(saleTransitionAllowed('approved', 'reproved')).toBe(true);
    expect(saleTransitionAllowed('reproved', 'approved')).toBe(false);
    expect(reprovalJustified({})).toBe(false);
    expect(reprovalJustified({ justification: '  ' })).toBe(false);
    expect(reprovalJustified({ justification_id: 3 })).toBe(true);
  });
  it('moves orders pending → approved/reproved → shipped → delivered', () => {
    expect(orderTransitionAllowed('pending', 'approved')).toBe(true);
    expect(orderTransitionAllowed('approved', 'shipped')).toBe(true);
    expect(orderTransitionAllowed('shipped', 'delivered')).toBe(true);
    expect(orderTransitionAllowed('pending', 'shipped')).toBe(false);
    expect(orderTransitionAllowed('delivered', 'reproved')).toBe(false);
  });
  it('derives total_points and points_for_use from the entries', () => {
    const entries = [
      { kind: 'sale' as const, points: 100 }, { kind: 'sale' as const, points: 40 }, { kind: 'redemption' as const, points: -60 },
      { kind: 'sale_reversal' as const, points: -40 }, { kind: 'redemption_refund' as const, points: 60 }, { kind: 'redemption' as const, points: -30 },
    ];
    expect(balances(entries)).toEqual({ total_points: 100, points_for_use: 70 });
    expect(runningBalances(entries).map((e) => [e.points_from, e.points_to])).toEqual([[0, 100], [100, 140], [140, 80], [80, 40], [40, 100], [100, 70]]);
  });
});

describe('learning points a campaign counts (spec 3 §9 "Points categories")', () => {
  it('files each award under its category', () => {
    expect(awardCategory('training_completed')).toBe('training_non_kpi');
    expect(awardCategory('live_class_completed')).toBe('webinar');
    expect(awardCategory('training_kpi')).toBe('training_kpi');
    expect(awardCategory('special_training')).toBe('special_training');
    expect(awardCategory('survey_answered')).toBeNull();
    expect(awardCategory('trail_completed')).toBeNull();
  });
  it('credits what the content gave, a fixed value, or nothing when the campaign does not count the category', () => {
    const rules = [{ category: 'webinar' as const, points: null }, { category: 'training_kpi' as const, points: 40 }];
    expect(categoryCredit('webinar', 15, rules)).toBe(15);
    expect(categoryCredit('training_kpi', 15, rules)).toBe(40);
    expect(categoryCredit('training_non_kpi', 15, rules)).toBe(0);
  });
  it('keeps the categories the face-to-face closing chooses from', () => {
    expect([...CAMPAIGN_POINTS_CATEGORIES]).toEqual([...PRESENTIAL_POINTS_CATEGORIES]);
  });
});
