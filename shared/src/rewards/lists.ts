/** The reward-campaign lists, free of schemas: the rules and the contract both read them. */

/** spec 3 §4 "Reward campaign": draft → published → closed. */
export const CAMPAIGN_STATUSES = ['draft', 'published', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** spec 3 §4 "Sale": awaiting approval → approved or reproved. */
export const SALE_STATUSES = ['awaiting_approval', 'approved', 'reproved'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** spec 3 §4 "Redeem order": pending → approved or reproved → shipped → delivered. */
export const ORDER_STATUSES = ['pending', 'approved', 'reproved', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** spec 3 §3 "Points table": unit points set by product, product type or brand (spec 3 §9). */
export const POINTS_TARGETS = ['product', 'product_type', 'brand'] as const;
export type PointsTarget = (typeof POINTS_TARGETS)[number];

/**
 * What writes a ledger entry (spec 3 §3 "Points history"; §9 "Points categories: training KPI,
 * training non-KPI, webinar, special training"). Credits are positive, debits negative.
 */
export const POINTS_ENTRY_KINDS = [
  'sale', 'sale_reversal', 'redemption', 'redemption_refund', 'event_qrcode',
  'training_kpi', 'training_non_kpi', 'webinar', 'special_training', 'adjustment',
] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

/**
 * spec 3 §9 "Points categories: training KPI, training non-KPI, webinar, special training": the
 * points the learning content gives (shared/src/learning points reasons) that a campaign may
 * count in its ledger — each a ledger kind too. The face-to-face appointments pick theirs.
 */
export const CAMPAIGN_POINTS_CATEGORIES = ['training_kpi', 'training_non_kpi', 'webinar', 'special_training'] as const;
export type CampaignPointsCategory = (typeof CAMPAIGN_POINTS_CATEGORIES)[number];

/** Entries that spend or give back spent points: they move points_for_use but not total_points (earned). */
export const SPENDING_KINDS: readonly PointsEntryKind[] = ['redemption', 'redemption_refund'];

/** spec 3 §3 "Other reward reference lists": the two audit justification lists. */
export const JUSTIFICATION_KINDS = ['sale', 'file'] as const;
export type JustificationKind = (typeof JUSTIFICATION_KINDS)[number];

/** spec 1 §9 phone kinds: mobile, commercial, residential, WhatsApp. */
export const PHONE_KINDS = ['mobile', 'commercial', 'residential', 'whatsapp'] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

/** A campaign user's history events (spec 3 §3 "Campaign people and history", §4 "Campaign user"). */
export const CAMPAIGN_USER_EVENTS = ['added', 'removed', 'blocked', 'unblocked', 'level'] as const;
export type CampaignUserEvent = (typeof CAMPAIGN_USER_EVENTS)[number];
