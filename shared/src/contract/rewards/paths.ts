/**
 * Reward and incentive campaigns (spec 3 §1 "Reward / incentive campaigns", §2 "Reward
 * campaigns", §3–§5, §8 "Campaigns", §9; spec 1 §3.8 reward lookups, §6.2 "Rewards"). The spec
 * shows no route path or call of this area (spec 3 §2 "their route paths are not shown"), so the
 * admin paths follow the face-to-face shape under /admin_rewards/ and the learner's live under
 * /rewards/ (docs/api.md "Rewards"). The rules are in shared/src/rewards/.
 */
const ADMIN = '/admin_rewards/';
const LEARNER = '/rewards/';
type Id = number | string;

export const REWARD_PATHS = {
  // reference data (spec 3 §3 "Other reward reference lists", spec 1 §3.8)
  categories: `${ADMIN}categories/`,
  departments: `${ADMIN}departments/`,
  brands: `${ADMIN}brands/`,
  saleProductTypes: `${ADMIN}sale_product_types/`,
  saleProducts: `${ADMIN}sale_products/`,
  uploadFileTypes: `${ADMIN}upload_file_types/`,
  levels: `${ADMIN}levels/`,
  justifications: `${ADMIN}audit_justifications/`,
  rewardTypes: `${ADMIN}reward_types/`,
  // campaigns (reward_campaigns)
  campaigns: `${ADMIN}campaigns/`,
  campaign: (id: Id) => `${ADMIN}campaigns/${id}/`,
  /** POST → Campaign: draft → published (the fields lock) */
  publish: (id: Id) => `${ADMIN}campaigns/${id}/publish/`,
  /** POST → Campaign: published → closed (final points, level recalculation, end-of-campaign e-mails) */
  close: (id: Id) => `${ADMIN}campaigns/${id}/close/`,
  /** GET the people (both envelopes); POST {user_ids} adds them */
  people: (id: Id) => `${ADMIN}campaigns/${id}/users/`,
  /** DELETE: removes the user with their sales and points (irreversible) */
  person: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/`,
  block: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/block/`,
  unblock: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/unblock/`,
  /** POST {level_id} (users_reward_levels) */
  level: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/level/`,
  /** GET the person's timelines: status and level history, points statement, sales, redeem orders */
  history: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/history/`,
  /** GET / POST CampaignEventInput: events linked to the campaign with a QR code (events_qrcode) */
  events: (id: Id) => `${ADMIN}campaigns/${id}/events/`,
  event: (id: Id, eventId: Id) => `${ADMIN}campaigns/${id}/events/${eventId}/`,
  // sales and audit (auditor and processor)
  sales: `${ADMIN}sales/`,
  sale: (id: Id) => `${ADMIN}sales/${id}/`,
  /** POST SaleAuditBody → Sale */
  audit: (id: Id) => `${ADMIN}sales/${id}/audit/`,
  /** GET the photo uploads (filters campaign_id, status); POST {id}/audit/ PhotoAuditBody; DELETE {id}/ (irreversible) */
  photos: `${ADMIN}photos/`,
  photo: (id: Id) => `${ADMIN}photos/${id}/`,
  photoAudit: (id: Id) => `${ADMIN}photos/${id}/audit/`,
  // catalog (reward) and orders (reward_orders)
  rewards: `${ADMIN}rewards/`,
  reward: (id: Id) => `${ADMIN}rewards/${id}/`,
  /** POST {codes} → {added, available}: redemption codes (each handed out once) */
  codes: (id: Id) => `${ADMIN}rewards/${id}/codes/`,
  /**
   * The codes' xlsx import through the import engine (template, validate → process, per-row log):
   * GET the template; POST RewardCodesImportCreate → 201 ImportRecord; GET the record; POST
   * process → 202; GET its log. The sheet goes up through tus with kind REWARD_CODES_UPLOAD_KIND.
   */
  codesTemplate: (id: Id) => `${ADMIN}rewards/${id}/codes/imports/template/`,
  codesImports: (id: Id) => `${ADMIN}rewards/${id}/codes/imports/`,
  codesImport: (id: Id, importId: Id) => `${ADMIN}rewards/${id}/codes/imports/${importId}/`,
  codesImportProcess: (id: Id, importId: Id) => `${ADMIN}rewards/${id}/codes/imports/${importId}/process/`,
  codesImportLogs: (id: Id, importId: Id) => `${ADMIN}rewards/${id}/codes/imports/${importId}/logs/`,
  orders: `${ADMIN}orders/`,
  order: (id: Id) => `${ADMIN}orders/${id}/`,
  /** POST OrderStatusBody → RedeemOrder */
  orderStatus: (id: Id) => `${ADMIN}orders/${id}/status/`,
  /** POST RewardReportRequest → 202 ReportAccepted: e-mailed xlsx (reports registry) */
  salesReport: `${ADMIN}sales/report/`,
  pointsReport: `${ADMIN}campaigns/points_report/`,
  ordersReport: `${ADMIN}orders/report/`,
} as const;

export const LEARNER_REWARD_PATHS = {
  /** the published campaigns the learner is on or in the audience of */
  campaigns: `${LEARNER}campaigns/`,
  campaign: (id: Id) => `${LEARNER}campaigns/${id}/`,
  /** the points statement (the ledger with running balances) */
  statement: (id: Id) => `${LEARNER}campaigns/${id}/statement/`,
  /** GET my sales; POST SaleInput → Sale */
  sales: (id: Id) => `${LEARNER}campaigns/${id}/sales/`,
  catalog: (id: Id) => `${LEARNER}campaigns/${id}/catalog/`,
  /** POST RedeemBody → RedeemOrder */
  redeem: (id: Id) => `${LEARNER}campaigns/${id}/redeem/`,
  orders: (id: Id) => `${LEARNER}campaigns/${id}/orders/`,
  /** GET my photos; POST PhotoInput → PhotoUpload */
  photos: (id: Id) => `${LEARNER}campaigns/${id}/photos/`,
  /** POST ScanBody → ScanAnswer: the QR code of an event read at the event credits its points once */
  scan: `${LEARNER}qrcode/`,
} as const;

/**
 * The portal page a phone opens by scanning an event's QR code (issue 18 item 2): it posts the
 * code to LEARNER_REWARD_PATHS.scan and says what was credited. The QR code carries it absolute.
 */
export const REWARD_EVENT_PAGE = '/rewards/qrcode/:code';
export const rewardEventPage = (code: string) => `/rewards/qrcode/${encodeURIComponent(code)}`;

/** tus metadata `kind` of an invoice photo (jpg, jpeg, png; validated by content). */
export const REWARD_UPLOAD_KINDS = { invoice: 'reward_invoice', photo: 'reward_photo' } as const;
/** tus metadata `kind` of a redeem-codes spreadsheet (.xlsx). */
export const REWARD_CODES_UPLOAD_KIND = 'reward_codes_import';
