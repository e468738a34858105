import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Branch, BranchInput, Headquarter, HeadquarterInput, type ErrorCode } from '@lp/shared/contract';
import { unmaskDocument, validateBranchDetails, validateHeadquarterDetails } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, uniqueViolationColumns } from '../../db/dialect.ts';
import type { BranchRow, HeadquarterRow } from '../../db/tables/company.table.ts';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  branchesQuery, clientRowExists, companyKeyTaken, countryExists, deleteBranch, deleteHeadquarter, headquartersQuery, insertBranch,
  insertHeadquarter, updateBranch, updateHeadquarter,
} from '../../repositories/organisation/companies.ts';
import { userSummaries } from '../../repositories/lookups.ts';
import { livingUserIdsInClient } from '../../repositories/userForm.ts';

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function address(input: HeadquarterInput | BranchInput) {
  return {
    postal_code: text(input.postal_code), address: text(input.address), number: text(input.number),
    complement: text(input.complement), neighborhood: text(input.neighborhood), city: text(input.city),
    state: text(input.state), country_id: input.country_id ?? null,
  };
}

const addressOut = (r: HeadquarterRow | BranchRow) => ({
  postal_code: r.postal_code, address: r.address, number: r.number, complement: r.complement,
  neighborhood: r.neighborhood, city: r.city, state: r.state, country_id: r.country_id,
});

/** A column whose value names one row of the client (a unique index), and the key a repeat answers. */
interface UniqueKey {
  column: 'code' | 'company_document';
  value: string | null;
  code: ErrorCode;
}

const taken = (key: UniqueKey) => new HttpError(409, key.code, `${key.column} used by another`, { [key.column]: key.code });

/**
 * spec 1 §5.3: a headquarter's company_document, and a branch's code and company_document, each
 * name one row of the client. Checked first for a clear answer; the unique indexes cover a
 * concurrent writer (an import, another admin), answered the same.
 */
async function guardUniqueKeys<T>(
  db: Db, table: 'headquarters' | 'branches', clientId: number, keys: UniqueKey[], exceptId: number | null, write: () => Promise<T>,
): Promise<T> {
  for (const key of keys) {
    if (!key.value) continue;
    if (await companyKeyTaken(db, table, clientId, key.column, key.value, exceptId)) throw taken(key);
  }
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const columns = uniqueViolationColumns(error);
    throw taken(keys.find((k) => columns.some((c) => c.includes(k.column))) ?? keys[0]!);
  }
}

/** A headquarter needs its company_document (spec 1 §3.5), unique within the client. */
function guardDocument<T>(db: Db, clientId: number, document: string, exceptId: number | null, write: () => Promise<T>): Promise<T> {
  if (!document) {
    throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'company_document is required', { company_document: 'make_sure_that_all_fields_are_filled_in' });
  }
  return guardUniqueKeys(db, 'headquarters', clientId, [{ column: 'company_document', value: document, code: 'company_document_not_unique' }], exceptId, write);
}

/** A branch's code and company_document (both optional). */
const branchKeys = (values: { code: string | null; company_document: string | null }): UniqueKey[] => [
  { column: 'code', value: values.code, code: 'branch_code_not_unique' },
  { column: 'company_document', value: values.company_document, code: 'company_document_not_unique' },
];

/** spec 1 §3.6 details: the shared rules, answered on their fields. */
function checkBranchDetails(input: BranchInput): void {
  const fields = validateBranchDetails(input);
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, first, fields as Record<string, ErrorCode>);
}

async function checkCountry(db: Db, countryId: number | null | undefined, fields: Record<string, ErrorCode>): Promise<void> {
  if (countryId && !(await countryExists(db, countryId))) {
    fields.country_id = 'validation_error';
  }
}

async function checkHeadquarter(db: Db, input: HeadquarterInput): Promise<void> {
  const fields: Record<string, ErrorCode> = { ...validateHeadquarterDetails(input) };
  await checkCountry(db, input.country_id, fields);
  if (Object.keys(fields).length) throw new HttpError(400, 'validation_error', 'Invalid reference', fields);
}

/** Branch references must be rows of the same client. */
async function checkRefs(db: Db, clientId: number, input: BranchInput): Promise<void> {
  const fields: Record<string, ErrorCode> = {};
  const refs = [
    ['branch_type_id', 'branch_types'], ['size_type_id', 'branch_size_types'],
    ['headquarter_id', 'headquarters'], ['regional_id', 'regionals'],
  ] as const;
  for (const [field, table] of refs) {
    const id = input[field];
    if (!id) continue;
    if (!(await clientRowExists(db, table, clientId, id))) fields[field] = 'validation_error';
  }
  await checkCountry(db, input.country_id, fields);
  // spec 1 §3.6 managers: people of the client (not deleted)
  for (const field of ['general_manager_id', 'regional_manager_id'] as const) {
    const id = input[field];
    if (id && (await livingUserIdsInClient(db, clientId, [id])).length === 0) fields[field] = 'validation_error';
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'validation_error', 'Invalid reference', fields);
}

const companies: FastifyPluginAsync = async (app) => {
  registerCrud(app, {
    resource: ADMIN_RESOURCES.headquarters.name,
    path: ADMIN_RESOURCES.headquarters.apiPath,
    title: ADMIN_RESOURCES.headquarters.title,
    idColumn: 'headquarters.id',
    input: HeadquarterInput,
    output: Headquarter,
    listSpec: {
      searchColumns: ['headquarters.name', 'headquarters.company_name', 'headquarters.company_document'],
      sortable: { id: 'headquarters.id', name: 'headquarters.name', company_document: 'headquarters.company_document', created_at: 'headquarters.created_at' },
      defaultOrdering: 'name',
      filters: { country_id: 'headquarters.country_id' },
    },
    query: headquartersQuery,
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, name: r.name, company_name: r.company_name, fantasy_name: r.fantasy_name, company_document: r.company_document,
        company_type: r.company_type, quantity_of_branches: r.quantity_of_branches,
        ...addressOut(r), created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      await checkHeadquarter(db, input);
      const document = unmaskDocument(input.company_document);
      return guardDocument(db, clientId, document, null, () => insertHeadquarter(db, {
        client_id: clientId, name: input.name.trim(), company_name: text(input.company_name), fantasy_name: text(input.fantasy_name),
        company_document: document, ...headquarterDetails(input), ...address(input), created_at: new Date(),
      }));
    },
    async update(db, clientId, id, input) {
      await checkHeadquarter(db, input);
      const document = unmaskDocument(input.company_document);
      return guardDocument(db, clientId, document, id, () => updateHeadquarter(db, clientId, id, {
        name: input.name.trim(), company_name: text(input.company_name), fantasy_name: text(input.fantasy_name),
        company_document: document, ...headquarterDetails(input), ...address(input),
      }));
    },
    async remove(db, clientId, id) {
      return deleteHeadquarter(db, clientId, id);
    },
  });

  registerCrud(app, {
    resource: ADMIN_RESOURCES.branches.name,
    path: ADMIN_RESOURCES.branches.apiPath,
    title: ADMIN_RESOURCES.branches.title,
    idColumn: 'branches.id',
    input: BranchInput,
    output: Branch,
    listSpec: {
      searchColumns: ['branches.name', 'branches.store_name', 'branches.code'],
      sortable: { id: 'branches.id', name: 'branches.name', code: 'branches.code', created_at: 'branches.created_at' },
      defaultOrdering: 'name',
      filters: {
        headquarter_id: 'branches.headquarter_id', branch_type_id: 'branches.branch_type_id',
        size_type_id: 'branches.size_type_id', regional_id: 'branches.regional_id',
      },
    },
    query: branchesQuery,
    async toApi(db, rows) {
      const managers = await userSummaries(db, rows.flatMap((r) => [r.general_manager_id, r.regional_manager_id]));
      const person = (id: number | null) => (id === null ? null : managers.get(id) ?? null);
      return rows.map((r) => ({
        id: r.id, name: r.name, store_name: r.store_name, code: r.code, store_document: r.store_document,
        branch_type_id: r.branch_type_id, size_type_id: r.size_type_id, headquarter_id: r.headquarter_id, regional_id: r.regional_id,
        ...addressOut(r),
        company_document: r.company_document, register: r.register, cd_matriz: r.cd_matriz, economic_group: r.economic_group,
        division: r.division, district: r.district, region: r.region, area_email: r.area_email,
        opened_date: r.opened_date, closed_date: r.closed_date,
        latitude: r.latitude === null ? null : Number(r.latitude), longitude: r.longitude === null ? null : Number(r.longitude),
        retailer: r.retailer, store_code: r.store_code, organization_type: r.organization_type, operational_area: r.operational_area,
        general_manager_id: r.general_manager_id, regional_manager_id: r.regional_manager_id,
        general_manager: person(r.general_manager_id), regional_manager: person(r.regional_manager_id),
        created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      checkBranchDetails(input);
      await checkRefs(db, clientId, input);
      const values = branchValues(input);
      return guardUniqueKeys(db, 'branches', clientId, branchKeys(values), null, () => insertBranch(db, { client_id: clientId, ...values, created_at: new Date() }));
    },
    async update(db, clientId, id, input) {
      checkBranchDetails(input);
      await checkRefs(db, clientId, input);
      const values = branchValues(input);
      return guardUniqueKeys(db, 'branches', clientId, branchKeys(values), id, () => updateBranch(db, clientId, id, values));
    },
    async remove(db, clientId, id) {
      return deleteBranch(db, clientId, id);
    },
  });
};

function branchValues(input: BranchInput) {
  return {
    name: input.name.trim(), store_name: text(input.store_name), code: text(input.code), store_document: text(input.store_document),
    branch_type_id: input.branch_type_id ?? null, size_type_id: input.size_type_id ?? null,
    headquarter_id: input.headquarter_id ?? null, regional_id: input.regional_id ?? null, ...address(input),
    // spec 1 §3.6 details; the company document is kept as digits (like a headquarter's)
    company_document: input.company_document ? unmaskDocument(input.company_document) || null : null,
    register: text(input.register), cd_matriz: text(input.cd_matriz), economic_group: text(input.economic_group),
    division: text(input.division), district: text(input.district), region: text(input.region),
    area_email: text(input.area_email)?.toLowerCase() ?? null, opened_date: input.opened_date || null, closed_date: input.closed_date || null,
    latitude: input.latitude ?? null, longitude: input.longitude ?? null, retailer: input.retailer ?? false,
    store_code: text(input.store_code), organization_type: text(input.organization_type), operational_area: text(input.operational_area),
    general_manager_id: input.general_manager_id ?? null, regional_manager_id: input.regional_manager_id ?? null,
  };
}

/** spec 1 §3.5 company type and quantity of branches as stored. */
function headquarterDetails(input: HeadquarterInput) {
  return { company_type: text(input.company_type), quantity_of_branches: input.quantity_of_branches ?? null };
}
export default companies;
