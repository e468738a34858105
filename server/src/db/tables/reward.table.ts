import type { Generated, Selectable } from 'kysely';
import type { CampaignPointsCategory, CampaignStatus, CampaignUserEvent, JustificationKind, OrderStatus, PointsEntryKind, PointsTarget, Requester, SaleStatus } from '@lp/shared/contract';
import type { DefaultBool, DefaultTimestamp, Json, NullableTimestamp } from '../columns.ts';

/** Reward and incentive campaigns (2026_11_27_0200_rewards; spec 3 §3). */

/** categories, departments, brands, sale product types, upload file types, levels, reward types */
export interface RewardNamedTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: DefaultTimestamp;
}

export interface RewardSaleProductTable {
  id: Generated<number>;
  client_id: number;
  product: string;
  product_code: Generated<string>;
  sku: Generated<string>;
  brand_id: number | null;
  product_type_id: number | null;
  created_at: DefaultTimestamp;
}

export interface RewardAuditJustificationTable {
  id: Generated<number>;
  client_id: number;
  kind: JustificationKind;
  text: string;
  created_at: DefaultTimestamp;
}

export interface RewardCampaignTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  campaign_url: Generated<string>;
  status: Generated<CampaignStatus>;
  allows_invoice_registration: DefaultBool;
  required_profile_id: number | null;
  multiplication_base: Generated<number>;
  start_date: string | null;
  end_date: string | null;
  email_points_available: Generated<string>;
  email_end_of_campaign: Generated<string>;
  published_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type RewardCampaignRow = Selectable<RewardCampaignTable>;

export interface RewardCampaignStoreTable { campaign_id: number; branch_id: number }
export interface RewardCampaignLevelTable { campaign_id: number; level_id: number; points_from: number; points_to: number | null }
export interface RewardPointsTableTable { campaign_id: number; target: PointsTarget; target_id: number; points: number }
export interface RewardCategoryPointsTable { campaign_id: number; category: CampaignPointsCategory; points: number | null }

export interface RewardCampaignUserTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  user_id: number;
  level_id: number | null;
  blocked: DefaultBool;
  inscription_date: DefaultTimestamp;
}
export type RewardCampaignUserRow = Selectable<RewardCampaignUserTable>;

export interface RewardCampaignUserEventTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  user_id: number;
  event: CampaignUserEvent;
  level_from: number | null;
  level_to: number | null;
  responsible_id: number | null;
  note: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface RewardSaleTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  user_id: number;
  sale_date: string;
  invoice_number: string;
  branch_id: number | null;
  retailer: Generated<string>;
  status: Generated<SaleStatus>;
  status_comment: Generated<string>;
  justification_id: number | null;
  justification: Generated<string>;
  observation: Generated<string>;
  audited: DefaultBool;
  auditor_id: number | null;
  audited_at: NullableTimestamp;
  sale_total_points: Generated<number>;
  invoice_resource: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type RewardSaleRow = Selectable<RewardSaleTable>;

export interface RewardSaleItemTable {
  id: Generated<number>;
  sale_id: number;
  product_id: number;
  quantity: number;
  unit_points: number;
  points: number;
}

export interface RewardPhotoUploadTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  user_id: number;
  photo_type_id: number | null;
  information: Generated<string>;
  resource: string;
  status: Generated<SaleStatus>;
  reproval_reason: Generated<string>;
  auditor_id: number | null;
  audited_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}
export type RewardPhotoUploadRow = Selectable<RewardPhotoUploadTable>;

export interface RewardPointsEntryTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  user_id: number;
  kind: PointsEntryKind;
  points: number;
  source_id: number | null;
  reason: Generated<string>;
  created_by: number | null;
  created_at: DefaultTimestamp;
}

export interface RewardCampaignEventTable {
  id: Generated<number>;
  client_id: number;
  campaign_id: number;
  title: string;
  event_date: string | null;
  points: number;
  qr_token: string;
  created_at: DefaultTimestamp;
}
export type RewardCampaignEventRow = Selectable<RewardCampaignEventTable>;

export interface RewardTable {
  id: Generated<number>;
  client_id: number;
  reward_title: string;
  reward_type_id: number | null;
  category_id: number | null;
  department_id: number | null;
  brand_id: number | null;
  campaign_id: number | null;
  description: Generated<string>;
  image_url: string | null;
  points_to_aquire: number;
  qty_in_stock: Generated<number>;
  purchase_limit_quantity: number | null;
  is_featured: DefaultBool;
  sku: Generated<string>;
  supplier_name: Generated<string>;
  redemption_link: Generated<string>;
  vouchers: Generated<string>;
  redeem_instructions: Generated<string>;
  uses_redeem_codes: DefaultBool;
  active: DefaultBool;
  created_at: DefaultTimestamp;
}
export type RewardRow = Selectable<RewardTable>;

export interface RewardOrderTable {
  id: Generated<number>;
  client_id: number;
  order_number: string;
  campaign_id: number;
  user_id: number;
  reward_id: number;
  quantity: number;
  points: number;
  status: Generated<OrderStatus>;
  status_comment: Generated<string>;
  requester: Json<Requester>;
  redeem_date: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type RewardOrderRow = Selectable<RewardOrderTable>;

export interface RewardRedeemCodeTable {
  id: Generated<number>;
  client_id: number;
  reward_id: number;
  code: string;
  order_id: number | null;
  handed_out_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface RewardOrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  previous_status: OrderStatus | null;
  status: OrderStatus;
  status_comment: Generated<string>;
  responsible_id: number | null;
  created_at: DefaultTimestamp;
}
