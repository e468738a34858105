/**
 * Reward and incentive campaigns (spec 3 §3 "Reward campaign", "Sale", "Campaign people and
 * history", "Redeem order"; §4; §5 "Campaigns"; §9 "Face-to-face and points"): the rules the
 * server, the admin and the portal all apply.
 */
import {
  CAMPAIGN_POINTS_CATEGORIES, SPENDING_KINDS, type CampaignPointsCategory, type CampaignStatus, type OrderStatus, type PointsEntryKind, type PointsTarget, type SaleStatus,
} from './lists.ts';

// ---- campaign status ----

/** spec 3 §4 "Reward campaign: draft → published → closed" (no way back). */
const CAMPAIGN_NEXT: Record<CampaignStatus, readonly CampaignStatus[]> = { draft: ['published'], published: ['closed'], closed: [] };

export const campaignTransitionAllowed = (from: CampaignStatus, to: CampaignStatus): boolean => CAMPAIGN_NEXT[from].includes(to);

/**
 * spec 3 §4 "Publishing locks the fields": once published, these keep their value (the texts
 * shown to learners, the e-mails and the people's rules stay editable only in a draft). The
 * points table and levels are locked too (they decide every credit already given).
 */
export const CAMPAIGN_LOCKED_FIELDS = [
  'title', 'campaign_url', 'allows_invoice_registration', 'required_profile_id', 'multiplication_base',
  'start_date', 'end_date', 'levels', 'points_table', 'category_points', 'stores',
] as const;
export type CampaignLockedField = (typeof CAMPAIGN_LOCKED_FIELDS)[number];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The locked fields an edit would change (none while a draft; a closed campaign changes nothing). */
export function lockedFieldChanges(
  status: CampaignStatus, before: Partial<Record<CampaignLockedField, unknown>>, after: Partial<Record<CampaignLockedField, unknown>>,
): CampaignLockedField[] {
  if (status === 'draft') return [];
  return CAMPAIGN_LOCKED_FIELDS.filter((f) => f in after && !same(before[f], after[f]));
}

/** Learners act (report sales, redeem) only in a published campaign. */
export const campaignOpen = (status: CampaignStatus): boolean => status === 'published';

/** A store belongs to one active (not closed) campaign at a time (spec 3 §5 "Campaigns"). */
export const campaignActive = (status: CampaignStatus): boolean => status !== 'closed';

// ---- sales and audit ----

/**
 * spec 3 §4 "Sale": awaiting approval → approved or reproved; points "remain auditable at any
 * time before redemption is confirmed", so an approved sale may still be reproved.
 */
const SALE_NEXT: Record<SaleStatus, readonly SaleStatus[]> = { awaiting_approval: ['approved', 'reproved'], approved: ['reproved'], reproved: [] };

export const saleTransitionAllowed = (from: SaleStatus, to: SaleStatus): boolean => SALE_NEXT[from].includes(to);

/** "Reproving needs a justification" (spec 3 §4): a chosen justification or a written one. */
export const reprovalJustified = (j: { justification_id?: number | null; justification?: string | null }): boolean =>
  (j.justification_id ?? null) !== null || (j.justification ?? '').trim().length > 0;

// ---- redeem orders ----

/** spec 3 §4 "Redeem order": pending → approved or reproved → shipped → delivered. */
const ORDER_NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['approved', 'reproved'], approved: ['shipped', 'reproved'], reproved: [], shipped: ['delivered'], delivered: [],
};

export const orderTransitionAllowed = (from: OrderStatus, to: OrderStatus): boolean => ORDER_NEXT[from].includes(to);
export const orderNextStatuses = (from: OrderStatus): readonly OrderStatus[] => ORDER_NEXT[from];

/** A reproved order gives its points back (and its stock); a code it took is never handed out again. */
export const orderRefunds = (to: OrderStatus): boolean => to === 'reproved';

/** The learner sees a redemption code once the order is approved (it was taken at the redemption). */
export const orderShowsCode = (status: OrderStatus): boolean => status === 'approved' || status === 'shipped' || status === 'delivered';

// ---- points table ----

export interface PointsRule { target: PointsTarget; target_id: number; points: number }
export interface SaleProductFacts { product_id: number; product_type_id: number | null; brand_id: number | null }

/**
 * spec 3 §3 "unit points by product, product type or brand": the most specific rule wins —
 * the product's own, else its type's, else its brand's, else 0.
 */
export function unitPoints(product: SaleProductFacts, table: readonly PointsRule[]): number {
  const find = (target: PointsTarget, id: number | null) => (id === null ? undefined : table.find((r) => r.target === target && r.target_id === id));
  return (find('product', product.product_id) ?? find('product_type', product.product_type_id) ?? find('brand', product.brand_id))?.points ?? 0;
}

export interface SaleLineFacts extends SaleProductFacts { quantity: number }

/**
 * sale_total_points: Σ quantity × unit points, times the campaign's multiplication base (spec 3
 * §9 gives no value; 1 leaves the table as it is), rounded to whole points.
 */
export function salePoints(lines: readonly SaleLineFacts[], table: readonly PointsRule[], multiplicationBase: number): { lines: Array<{ unit_points: number; points: number }>; total: number } {
  const base = Number.isFinite(multiplicationBase) && multiplicationBase > 0 ? multiplicationBase : 1;
  const out = lines.map((l) => {
    const unit = unitPoints(l, table);
    return { unit_points: unit, points: Math.round(unit * l.quantity * base) };
  });
  return { lines: out, total: out.reduce((s, l) => s + l.points, 0) };
}

/** spec 3 §5 "One product entry per product on the invoice": the first repeated product, or null. */
export function repeatedProduct(lines: ReadonlyArray<{ product_id: number }>): number | null {
  const seen = new Set<number>();
  for (const l of lines) {
    if (seen.has(l.product_id)) return l.product_id;
    seen.add(l.product_id);
  }
  return null;
}

// ---- levels ----

export interface LevelRange { level_id: number; points_from: number; points_to: number | null }

/** The level whose range holds `points` (points_to null: and above), the highest such range first. */
export function levelForPoints(points: number, levels: readonly LevelRange[]): number | null {
  const sorted = [...levels].sort((a, b) => b.points_from - a.points_from);
  return sorted.find((l) => points >= l.points_from && (l.points_to === null || points <= l.points_to))?.level_id ?? null;
}

/** Ranges must be ordered and must not overlap (error_updating_levels otherwise). */
export function levelRangesValid(levels: readonly LevelRange[]): boolean {
  const sorted = [...levels].sort((a, b) => a.points_from - b.points_from);
  for (const [i, l] of sorted.entries()) {
    if (l.points_from < 0 || (l.points_to !== null && l.points_to < l.points_from)) return false;
    const next = sorted[i + 1];
    if (next && (l.points_to === null || l.points_to >= next.points_from)) return false;
  }
  return new Set(levels.map((l) => l.level_id)).size === levels.length;
}

// ---- the ledger ----

export interface LedgerEntryFacts { kind: PointsEntryKind; points: number }

/**
 * Balances are never stored (spec 3 §3 "User on campaign": total_points, points_for_use): they are
 * sums of the ledger. total_points counts what was earned (credits less reversals); points_for_use
 * is every entry, so redemptions spend from it and a reproved order gives back.
 */
export function balances(entries: readonly LedgerEntryFacts[]): { total_points: number; points_for_use: number } {
  let total = 0;
  let forUse = 0;
  for (const e of entries) {
    forUse += e.points;
    if (!SPENDING_KINDS.includes(e.kind)) total += e.points;
  }
  return { total_points: total, points_for_use: forUse };
}

/** "Points history: points_from, points_to": the running balance before and after each entry, oldest first. */
export function runningBalances<T extends { points: number }>(entries: readonly T[]): Array<T & { points_from: number; points_to: number }> {
  let balance = 0;
  return entries.map((e) => {
    const from = balance;
    balance += e.points;
    return { ...e, points_from: from, points_to: balance };
  });
}

// ---- learning points counted by a campaign (spec 3 §9 "Points categories") ----

/** A campaign's rule for one category: null points count what the content gave, a number replaces it. */
export interface CategoryRule { category: CampaignPointsCategory; points: number | null }

/**
 * The category of a learning award (its points-ledger reason): an online training is a
 * non-KPI training and a live class (a webinar held online) a webinar — the spec gives online
 * content no KPI flag; a face-to-face appointment's reason is the category its closing chose.
 * Trails, surveys and drills are no campaign category.
 */
export function awardCategory(reason: string): CampaignPointsCategory | null {
  if ((CAMPAIGN_POINTS_CATEGORIES as readonly string[]).includes(reason)) return reason as CampaignPointsCategory;
  if (reason === 'training_completed') return 'training_non_kpi';
  if (reason === 'live_class_completed' || reason === 'webcast_completed') return 'webinar';
  return null;
}

/** The points a campaign credits for an award of `awarded` points in `category` (0: the campaign does not count it). */
export function categoryCredit(category: CampaignPointsCategory, awarded: number, rules: readonly CategoryRule[]): number {
  const rule = rules.find((r) => r.category === category);
  if (!rule) return 0;
  return Math.max(0, Math.round(rule.points ?? awarded));
}
