import type { ImportType } from '@lp/shared/contract';

/** Drop-down sources of the template's hidden "lists" sheet (spec 1 §3.8 lookups of the client). */
export const LOOKUP_NAMES = [
  'profiles', 'areas', 'branches', 'user_groups', 'countries', 'languages', 'genders', 'statuses',
  'headquarters', 'branch_types', 'branch_size_types', 'regionals', 'drills',
  // spec 1 §3.8 fixed lists and time zones (codes and zone names; the labels are accepted too)
  'user_types', 'company_types', 'timezones', 'marital_statuses',
  // one appointment's (the import's target): its events, and the attendance and result words
  'presential_events', 'presences', 'training_results',
  // spec 1 §2.3 import-code: the selected client's codes
  'import_codes',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

/** One template column: the header text is the spec's field name (spec 1 §3.4–3.6). */
export interface ColumnDef {
  key: string;
  required?: boolean;
  /** characters; the database column's size */
  maxLength?: number;
  /** a date cell: an Excel date, YYYY-MM-DD or DD/MM/YYYY */
  date?: boolean;
  /** drop-down from the lists sheet; `strict` refuses other values in Excel too */
  list?: { name: LookupName; strict: boolean };
  width?: number;
}

const ADDRESS: ColumnDef[] = [
  { key: 'country', list: { name: 'countries', strict: true }, width: 20 },
  { key: 'postal_code', maxLength: 20, width: 14 },
  { key: 'address', maxLength: 200, width: 32 },
  { key: 'number', maxLength: 20, width: 10 },
  { key: 'complement', maxLength: 100, width: 18 },
  { key: 'neighborhood', maxLength: 100, width: 20 },
  { key: 'city', maxLength: 100, width: 20 },
  { key: 'state', maxLength: 60, width: 14 },
];

/** spec 1 §3.4 user fields an import sets (password excluded: imported users get the default one). */
const USERS: ColumnDef[] = [
  { key: 'full_name', required: true, maxLength: 150, width: 30 },
  { key: 'email', required: true, maxLength: 254, width: 32 },
  { key: 'document', maxLength: 50, width: 18 },
  { key: 'register', maxLength: 50, width: 14 },
  { key: 'gmin_number', maxLength: 50, width: 14 },
  { key: 'sap_code', maxLength: 50, width: 14 },
  { key: 'nick_name', maxLength: 60, width: 16 },
  { key: 'gender', maxLength: 40, list: { name: 'genders', strict: false }, width: 12 },
  { key: 'birthday', date: true, width: 12 },
  { key: 'mobile_country_code', maxLength: 5, width: 10 },
  { key: 'mobile_area_code', maxLength: 5, width: 10 },
  { key: 'mobile', maxLength: 20, width: 16 },
  { key: 'country', list: { name: 'countries', strict: true }, width: 20 },
  { key: 'language', list: { name: 'languages', strict: true }, width: 10 },
  { key: 'profile', list: { name: 'profiles', strict: true }, width: 22 },
  // several areas or groups: separated by ";" (the drop-down offers one, warns on more)
  { key: 'area', list: { name: 'areas', strict: false }, width: 22 },
  { key: 'branch', list: { name: 'branches', strict: true }, width: 22 },
  { key: 'groups', list: { name: 'user_groups', strict: false }, width: 22 },
  { key: 'status', list: { name: 'statuses', strict: true }, width: 16 },
  // spec 1 §3.4 fields added after the first template: appended, so older files still read
  { key: 'sex', list: { name: 'genders', strict: true }, width: 14 },
  { key: 'user_type', list: { name: 'user_types', strict: true }, width: 16 },
  { key: 'timezone', list: { name: 'timezones', strict: true }, width: 24 },
  { key: 'country_of_residence', list: { name: 'countries', strict: true }, width: 20 },
  // the main and mandatory areas are among the row's areas (the area column then is required)
  { key: 'main_area', list: { name: 'areas', strict: true }, width: 22 },
  { key: 'mandatory_areas', list: { name: 'areas', strict: false }, width: 22 },
  { key: 'mandatory_profiles', list: { name: 'profiles', strict: false }, width: 22 },
  { key: 'marital_status', list: { name: 'marital_statuses', strict: true }, width: 16 },
  { key: 'admission_date', date: true, width: 12 },
  { key: 'commercial_phone', maxLength: 30, width: 16 },
  { key: 'residential_phone', maxLength: 30, width: 16 },
  { key: 'whatsapp', maxLength: 30, width: 16 },
  { key: 'postal_code', maxLength: 20, width: 14 },
  { key: 'address', maxLength: 200, width: 32 },
  { key: 'number', maxLength: 20, width: 10 },
  { key: 'complement', maxLength: 100, width: 18 },
  { key: 'neighborhood', maxLength: 100, width: 20 },
  { key: 'city', maxLength: 100, width: 20 },
  { key: 'state', maxLength: 60, width: 14 },
  // spec 1 §2.3 import-code: a sheet prepared for a client names its code; a row whose code is not
  // one of the selected client's is refused, so people never land in the wrong client
  { key: 'import_code', list: { name: 'import_codes', strict: true }, width: 16 },
];

/** spec 1 §3.5 headquarter. */
const HEADQUARTERS: ColumnDef[] = [
  { key: 'name', required: true, maxLength: 150, width: 28 },
  { key: 'company_name', maxLength: 150, width: 28 },
  { key: 'fantasy_name', maxLength: 150, width: 24 },
  { key: 'company_document', required: true, maxLength: 50, width: 20 },
  ...ADDRESS,
  // spec 1 §3.5
  { key: 'company_type', list: { name: 'company_types', strict: true }, width: 18 },
  /** a whole number, 0–100000 */
  { key: 'quantity_of_branches', maxLength: 6, width: 12 },
];

/** spec 1 §3.6 branch; matched by code, then store_document. */
const BRANCHES: ColumnDef[] = [
  { key: 'name', required: true, maxLength: 150, width: 28 },
  { key: 'store_name', maxLength: 150, width: 24 },
  { key: 'code', maxLength: 50, width: 12 },
  { key: 'store_document', maxLength: 50, width: 20 },
  { key: 'headquarter', list: { name: 'headquarters', strict: true }, width: 22 },
  { key: 'branch_type', list: { name: 'branch_types', strict: true }, width: 18 },
  { key: 'size_type', list: { name: 'branch_size_types', strict: true }, width: 18 },
  { key: 'regional', list: { name: 'regionals', strict: true }, width: 18 },
  ...ADDRESS,
  // spec 1 §3.6 details; the managers are people of the client, by e-mail
  { key: 'store_code', maxLength: 50, width: 14 },
  { key: 'organization_type', maxLength: 100, width: 18 },
  { key: 'operational_area', maxLength: 100, width: 18 },
  { key: 'general_manager', maxLength: 254, width: 28 },
  { key: 'regional_manager', maxLength: 254, width: 28 },
  { key: 'register', maxLength: 50, width: 14 },
  { key: 'cd_matriz', maxLength: 50, width: 14 },
  { key: 'economic_group', maxLength: 100, width: 18 },
  { key: 'division', maxLength: 100, width: 16 },
  { key: 'district', maxLength: 100, width: 16 },
  { key: 'region', maxLength: 100, width: 16 },
  { key: 'area_email', maxLength: 254, width: 28 },
  { key: 'opened_date', date: true, width: 12 },
  { key: 'closed_date', date: true, width: 12 },
];

/** spec 1 §1, §4.3 drills import: one question with its alternatives per line, into a drill of the client (by title). */
const DRILLS: ColumnDef[] = [
  { key: 'drill', required: true, list: { name: 'drills', strict: true }, width: 28 },
  { key: 'question', required: true, maxLength: 2000, width: 40 },
  { key: 'alternative_1', required: true, maxLength: 500, width: 24 },
  { key: 'alternative_2', required: true, maxLength: 500, width: 24 },
  { key: 'alternative_3', maxLength: 500, width: 24 },
  { key: 'alternative_4', maxLength: 500, width: 24 },
  { key: 'alternative_5', maxLength: 500, width: 24 },
  /** the number (1–5) of the correct alternative */
  { key: 'correct', required: true, maxLength: 2, width: 10 },
];

/** spec 3 §2 "import results" of one appointment: a guest (by e-mail or document) and what the Results tab takes. */
const PRESENTIAL_RESULTS: ColumnDef[] = [
  { key: 'email', maxLength: 254, width: 32 },
  { key: 'document', maxLength: 50, width: 18 },
  { key: 'presence', list: { name: 'presences', strict: true }, width: 14 },
  { key: 'result', list: { name: 'training_results', strict: true }, width: 18 },
  /** 0–100 */
  { key: 'score', maxLength: 10, width: 10 },
  { key: 'correct_answers', maxLength: 10, width: 12 },
  { key: 'observation', maxLength: 2000, width: 40 },
];

/** spec 1 §6.2 subscription_import_results: a user (by e-mail or document) enrolled in one event of the appointment. */
const PRESENTIAL_SUBSCRIPTIONS: ColumnDef[] = [
  { key: 'email', maxLength: 254, width: 32 },
  { key: 'document', maxLength: 50, width: 18 },
  /** the event's "YYYY-MM-DD HH:mm" (or its id) */
  { key: 'event', required: true, list: { name: 'presential_events', strict: true }, width: 22 },
];

/** A catalog reward's redeem codes (spec 3 §3 "Reward (catalog item)": redeem codes importable from xlsx), one a line. */
const REWARD_CODES: ColumnDef[] = [{ key: 'code', required: true, maxLength: 256, width: 40 }];

export const TEMPLATE_COLUMNS: Record<ImportType, readonly ColumnDef[]> = {
  users: USERS,
  headquarters: HEADQUARTERS,
  branches: BRANCHES,
  drills: DRILLS,
  presential_results: PRESENTIAL_RESULTS,
  presential_subscriptions: PRESENTIAL_SUBSCRIPTIONS,
  reward_codes: REWARD_CODES,
};

/** Header cells → column keys; null when the header is not the template's. */
export function mapHeader(type: ImportType, header: Array<string | null>): { columns: Array<string | null> } | { problem: string } {
  const known = new Map(TEMPLATE_COLUMNS[type].map((c) => [c.key, c]));
  const columns: Array<string | null> = [];
  const seen = new Set<string>();
  for (const cell of header) {
    const key = (cell ?? '').trim().toLowerCase().replace(/\s*\*$/, '');
    if (!key) {
      columns.push(null);
      continue;
    }
    if (!known.has(key)) return { problem: `unknown column "${key}"` };
    if (seen.has(key)) return { problem: `repeated column "${key}"` };
    seen.add(key);
    columns.push(key);
  }
  const missing = TEMPLATE_COLUMNS[type].filter((c) => c.required && !seen.has(c.key)).map((c) => c.key);
  if (missing.length) return { problem: `missing column(s) ${missing.join(', ')}` };
  return { columns };
}
