import { MAX_QUANTITY_OF_BRANCHES, unmaskDocument, validateBranchDetails } from '@lp/shared/rules';
import { isUniqueViolation } from '../db/dialect.ts';
import { firstPerField, readColumns, slices, type ImportKind, type RowError } from './rows.ts';

const ADDRESS_KEYS = ['postal_code', 'address', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
type AddressValue = Record<(typeof ADDRESS_KEYS)[number], string | null> & { country_id: number | null };

function addressOf(text: Record<string, string | null>, ref: Record<string, unknown>): AddressValue {
  const out = { country_id: (ref.country as { id: number } | undefined)?.id ?? null } as AddressValue;
  for (const key of ADDRESS_KEYS) out[key] = text[key] ?? null;
  return out;
}

/** Only the cells a row fills change an existing row (an empty cell keeps the stored value). */
function filled<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as Partial<T>;
}

export interface HeadquarterImportValue extends AddressValue {
  name: string;
  company_name: string | null;
  fantasy_name: string | null;
  company_document: string;
  company_type: string | null;
  quantity_of_branches: number | null;
}

/** spec 1 §3.5 headquarters, matched by company_document within the client (§5.3: unique). */
export const headquartersKind: ImportKind<HeadquarterImportValue> = {
  parse(raw, ctx) {
    const { text, ref, errors } = readColumns('headquarters', raw, ctx.lookups);
    const document = text.company_document ? unmaskDocument(text.company_document) : null;
    if (text.company_document && !document) errors.push({ field: 'company_document', code: 'make_sure_that_all_fields_are_filled_in' });
    const quantity = text.quantity_of_branches === null ? null : Number(text.quantity_of_branches);
    if (quantity !== null && (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY_OF_BRANCHES)) {
      errors.push({ field: 'quantity_of_branches', code: 'validation_error' });
    }
    const all = firstPerField(errors);
    if (all.length) return { value: null, errors: all };
    return {
      errors: [],
      value: {
        name: text.name!, company_name: text.company_name ?? null, fantasy_name: text.fantasy_name ?? null,
        company_document: document!, ...addressOf(text, ref),
        company_type: (ref.company_type as string | undefined) ?? null, quantity_of_branches: quantity,
      },
    };
  },

  fileKeys(v) {
    return [{ field: 'company_document', value: v.company_document, code: 'company_document_not_unique' }];
  },

  async resolve(db, values, ctx) {
    if (values.length === 0) return [];
    const byDocument = new Map<string, number>();
    for (const slice of slices([...new Set(values.map((v) => v.company_document))])) {
      const rows = await db.selectFrom('headquarters').select(['id', 'company_document'])
        .where('client_id', '=', ctx.clientId).where('company_document', 'in', slice).execute();
      for (const r of rows) byDocument.set(r.company_document, r.id);
    }
    return values.map((v) => ({ existingId: byDocument.get(v.company_document) ?? null, errors: [] }));
  },

  async apply(trx, rows, ctx) {
    let created = 0;
    let updated = 0;
    const inserts = rows.filter((r) => r.existingId === null);
    if (inserts.length) {
      await trx.insertInto('headquarters').values(inserts.map(({ value }) => ({ client_id: ctx.clientId, ...value, created_at: new Date() }))).execute();
      created = inserts.length;
    }
    for (const { value, existingId } of rows) {
      if (existingId === null) continue;
      await trx.updateTable('headquarters').set(filled(value)).where('id', '=', existingId).where('client_id', '=', ctx.clientId).execute();
      updated += 1;
    }
    return { created, updated };
  },

  conflictOf(error) {
    return isUniqueViolation(error) ? { field: 'company_document', code: 'company_document_not_unique' } : null;
  },
};

export interface BranchImportValue extends AddressValue {
  name: string;
  store_name: string | null;
  code: string | null;
  store_document: string | null;
  headquarter_id: number | null;
  branch_type_id: number | null;
  size_type_id: number | null;
  regional_id: number | null;
  store_code: string | null;
  organization_type: string | null;
  operational_area: string | null;
  register: string | null;
  cd_matriz: string | null;
  economic_group: string | null;
  division: string | null;
  district: string | null;
  region: string | null;
  area_email: string | null;
  opened_date: string | null;
  closed_date: string | null;
  general_manager_id: number | null;
  regional_manager_id: number | null;
  /** the managers' e-mails as written; resolve() turns them into the ids above */
  manager_emails: { general_manager: string | null; regional_manager: string | null };
}

/** spec 1 §3.6 details taken as written. */
const BRANCH_TEXT_KEYS = ['store_code', 'organization_type', 'operational_area', 'register', 'cd_matriz', 'economic_group', 'division', 'district', 'region'] as const;
/** A branch's columns (the managers' e-mails are not one). */
const branchColumns = ({ manager_emails: _emails, ...columns }: BranchImportValue) => columns;

/** spec 1 §3.6 branches, matched by code, then store_document, within the client. */
export const branchesKind: ImportKind<BranchImportValue> = {
  parse(raw, ctx) {
    const { text, ref, errors } = readColumns('branches', raw, ctx.lookups);
    const storeDocument = text.store_document ? unmaskDocument(text.store_document) || null : null;
    // without a code or a store document a branch could never be found again (imported twice)
    if (!text.code && !storeDocument) errors.push({ field: 'code', code: 'make_sure_that_all_fields_are_filled_in' });
    const areaEmail = text.area_email?.toLowerCase() ?? null;
    // the form's rules (shared validateBranchDetails): the area e-mail, the closing after the opening
    for (const [field, code] of Object.entries(validateBranchDetails({ area_email: areaEmail, opened_date: text.opened_date, closed_date: text.closed_date }))) {
      if (code) errors.push({ field, code });
    }
    const all = firstPerField(errors);
    if (all.length) return { value: null, errors: all };
    const value: BranchImportValue = {
      name: text.name!, store_name: text.store_name ?? null, code: text.code ?? null, store_document: storeDocument,
      headquarter_id: (ref.headquarter as number | undefined) ?? null,
      branch_type_id: (ref.branch_type as number | undefined) ?? null,
      size_type_id: (ref.size_type as number | undefined) ?? null,
      regional_id: (ref.regional as number | undefined) ?? null,
      ...addressOf(text, ref),
      ...Object.fromEntries(BRANCH_TEXT_KEYS.map((key) => [key, text[key] ?? null])) as Record<(typeof BRANCH_TEXT_KEYS)[number], string | null>,
      area_email: areaEmail, opened_date: text.opened_date ?? null, closed_date: text.closed_date ?? null,
      general_manager_id: null, regional_manager_id: null,
      manager_emails: { general_manager: text.general_manager?.toLowerCase() ?? null, regional_manager: text.regional_manager?.toLowerCase() ?? null },
    };
    return { errors: [], value };
  },

  fileKeys(v) {
    return [
      ...(v.code ? [{ field: 'code', value: v.code, code: 'value_repeated_in_file' }] : []),
      ...(v.store_document ? [{ field: 'store_document', value: v.store_document, code: 'value_repeated_in_file' }] : []),
    ];
  },

  async resolve(db, values, ctx) {
    if (values.length === 0) return [];
    const codes = [...new Set(values.flatMap((v) => (v.code ? [v.code] : [])))];
    const documents = [...new Set(values.flatMap((v) => (v.store_document ? [v.store_document] : [])))];
    // a code names one branch (branches_client_code_key); the oldest wins when a store document repeats
    const byCode = new Map<string, number>();
    const byDocument = new Map<string, number>();
    for (const [column, keys, into] of [['code', codes, byCode], ['store_document', documents, byDocument]] as const) {
      for (const slice of slices(keys)) {
        const rows = await db.selectFrom('branches').select(['id', column]).where('client_id', '=', ctx.clientId)
          .where(column, 'in', slice).orderBy('id').execute();
        for (const r of rows) {
          const key = (r as Record<string, unknown>)[column] as string;
          if (!into.has(key)) into.set(key, r.id);
        }
      }
    }
    // spec 1 §3.6 managers: people of the client, named by their e-mail
    const emails = [...new Set(values.flatMap((v) => Object.values(v.manager_emails).filter((e): e is string => !!e)))];
    const personByEmail = new Map<string, number>();
    for (const slice of slices(emails)) {
      const rows = await db.selectFrom('users').innerJoin('user_clients', 'user_clients.user_id', 'users.id').select(['users.id', 'users.email'])
        .where('user_clients.client_id', '=', ctx.clientId).where('users.status', '!=', 'deleted').where('users.email', 'in', slice).execute();
      for (const r of rows) personByEmail.set(r.email, r.id);
    }
    return values.map((v) => {
      const errors: RowError[] = [];
      const managers = v.manager_emails;
      for (const [column, field] of [['general_manager', 'general_manager_id'], ['regional_manager', 'regional_manager_id']] as const) {
        const email = managers[column];
        if (!email) continue;
        const id = personByEmail.get(email);
        if (id === undefined) errors.push({ field: column, code: 'unknown_value', params: { value: email } });
        else v[field] = id;
      }
      const viaCode = v.code ? byCode.get(v.code) : undefined;
      const viaDocument = v.store_document ? byDocument.get(v.store_document) : undefined;
      // the code names one branch, the store document another: the row cannot say which it is
      if (viaCode !== undefined && viaDocument !== undefined && viaCode !== viaDocument) {
        errors.push({ field: 'store_document', code: 'value_in_use', params: { value: v.store_document! } });
      }
      return { existingId: errors.length ? null : viaCode ?? viaDocument ?? null, errors };
    });
  },

  async apply(trx, rows, ctx) {
    let created = 0;
    let updated = 0;
    const inserts = rows.filter((r) => r.existingId === null);
    if (inserts.length) {
      await trx.insertInto('branches').values(inserts.map(({ value }) => ({ client_id: ctx.clientId, ...branchColumns(value), created_at: new Date() }))).execute();
      created = inserts.length;
    }
    for (const { value, existingId } of rows) {
      if (existingId === null) continue;
      await trx.updateTable('branches').set(filled(branchColumns(value))).where('id', '=', existingId).where('client_id', '=', ctx.clientId).execute();
      updated += 1;
    }
    return { created, updated };
  },

  // a concurrent import (or the form) wrote the same new code first: the batch is redone row by
  // row, and the row then finds that branch (branches_client_code_key)
  conflictOf(error) {
    return isUniqueViolation(error) ? { field: 'code', code: 'branch_code_not_unique' } : null;
  },
};
