import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultBool, Timestamp } from '../columns.ts';

/** spec 1 §3.5–3.7 organisation: headquarters (chains), branches (stores) and their lookups. */

/** Countries are shared by every client. */
export interface CountryTable {
  id: Generated<number>;
  name: string;
  /** ISO 3166-1 alpha-3 */
  code: string;
  created_at: Timestamp;
  /** spec 1 §5.2: the document is shown with the country's mask */
  use_document_mask: Generated<boolean>;
}
export type CountryRow = Selectable<CountryTable>;

/** regionals, branch_types, branch_size_types: a named row of one client. */
export interface NamedClientTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: Timestamp;
}
export type NamedClientRow = Selectable<NamedClientTable>;

interface AddressColumns {
  postal_code: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  country_id: number | null;
}

export interface HeadquarterTable extends AddressColumns {
  id: Generated<number>;
  client_id: number;
  name: string;
  company_name: string | null;
  fantasy_name: string | null;
  company_document: string;
  created_at: Timestamp;
  // 2026_11_28_0500: spec 1 §3.5 (shared COMPANY_TYPES)
  company_type: BranchText;
  quantity_of_branches: ColumnType<number | null, number | null | undefined, number | null>;
}
export type HeadquarterRow = Selectable<HeadquarterTable>;

export interface BranchTable extends AddressColumns {
  id: Generated<number>;
  client_id: number;
  name: string;
  store_name: string | null;
  code: string | null;
  store_document: string | null;
  branch_type_id: number | null;
  size_type_id: number | null;
  headquarter_id: number | null;
  regional_id: number | null;
  created_at: Timestamp;
  // 2026_11_23_0028: spec 1 §3.6 details (optional on insert)
  company_document: BranchText;
  register: BranchText;
  cd_matriz: BranchText;
  economic_group: BranchText;
  division: BranchText;
  district: BranchText;
  region: BranchText;
  area_email: BranchText;
  /** YYYY-MM-DD */
  opened_date: BranchText;
  closed_date: BranchText;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  retailer: DefaultBool;
  // 2026_11_28_0500: spec 1 §3.6 managers (users of the client), store code, organisation type, operational area
  general_manager_id: ColumnType<number | null, number | null | undefined, number | null>;
  regional_manager_id: ColumnType<number | null, number | null | undefined, number | null>;
  store_code: BranchText;
  organization_type: BranchText;
  operational_area: BranchText;
}
type BranchText = ColumnType<string | null, string | null | undefined, string | null>;
export type BranchRow = Selectable<BranchTable>;
