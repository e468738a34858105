import type { FastifyPluginAsync } from 'fastify';
import {
  ADMIN_RESOURCES, JustificationInput, JustificationItem, RewardNamedInput, RewardNamedItem, SaleProductInput, SaleProductItem,
} from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  deleteJustification, deleteNamed, deleteSaleProduct, insertJustification, insertNamed, insertSaleProduct, isClientRow, justificationsQuery, namedQuery,
  renameNamed, saleProductsQuery, updateJustification, updateSaleProduct, type RewardNamedTableName,
} from '../../repositories/rewards/reference.ts';

const inUse = () => new HttpError(409, 'reward_reference_in_use', 'It is in use and cannot be removed');
const unknown = (field: string) => new HttpError(400, 'validation_error', `Unknown ${field}`, { [field]: 'validation_error' });

/** Answers the delete's outcome, or refuses a row still in use. */
const orInUse = (result: boolean | 'in_use'): boolean => {
  if (result === 'in_use') throw inUse();
  return result;
};

/**
 * spec 3 §3 "Other reward reference lists", spec 1 §3.8 reward lookups and §6.2 "Rewards": each
 * list in the one editor shape (lib/crud.ts), opened by its title slug (ADMIN_RESOURCES).
 */
const reference: FastifyPluginAsync = async (app) => {
  const R = ADMIN_RESOURCES;
  const named: Array<[keyof typeof R, RewardNamedTableName]> = [
    ['reward_categories', 'reward_categories'], ['reward_departments', 'reward_departments'], ['reward_brands', 'reward_brands'],
    ['reward_sale_product_types', 'reward_sale_product_types'], ['reward_upload_file_types', 'reward_upload_file_types'],
    ['reward_levels', 'reward_levels'], ['reward_types', 'reward_types'],
  ];
  for (const [key, table] of named) {
    const def = R[key];
    registerCrud(app, {
      resource: def.name,
      path: def.apiPath,
      title: def.title,
      idColumn: `${table}.id`,
      input: RewardNamedInput,
      output: RewardNamedItem,
      listSpec: { searchColumns: [`${table}.name`], sortable: { id: `${table}.id`, name: `${table}.name` }, defaultOrdering: 'name' },
      query: namedQuery(table),
      toApi: async (_db, rows) => rows,
      create: (db, clientId, input) => insertNamed(db, table, clientId, input.name.trim()),
      update: (db, clientId, id, input) => renameNamed(db, table, clientId, id, input.name.trim()),
      remove: async (db, clientId, id) => orInUse(await deleteNamed(db, table, clientId, id)),
    });
  }

  const products = R.reward_sale_products;
  const productValues = async (db: Parameters<typeof isClientRow>[0], clientId: number, input: SaleProductInput) => {
    if (!(await isClientRow(db, 'reward_brands', clientId, input.brand_id))) throw unknown('brand_id');
    if (!(await isClientRow(db, 'reward_sale_product_types', clientId, input.product_type_id))) throw unknown('product_type_id');
    return {
      product: input.product.trim(), product_code: (input.product_code ?? '').trim(), sku: (input.sku ?? '').trim(),
      brand_id: input.brand_id ?? null, product_type_id: input.product_type_id ?? null,
    };
  };
  registerCrud(app, {
    resource: products.name,
    path: products.apiPath,
    title: products.title,
    idColumn: 'reward_sale_products.id',
    input: SaleProductInput,
    output: SaleProductItem,
    listSpec: {
      searchColumns: ['reward_sale_products.product', 'reward_sale_products.product_code', 'reward_sale_products.sku'],
      sortable: { id: 'reward_sale_products.id', product: 'reward_sale_products.product', product_code: 'reward_sale_products.product_code' },
      defaultOrdering: 'product',
      filters: { brand_id: 'reward_sale_products.brand_id', product_type_id: 'reward_sale_products.product_type_id' },
    },
    query: saleProductsQuery,
    toApi: async (_db, rows) => rows,
    create: async (db, clientId, input) => insertSaleProduct(db, clientId, await productValues(db, clientId, input)),
    update: async (db, clientId, id, input) => updateSaleProduct(db, clientId, id, await productValues(db, clientId, input)),
    remove: async (db, clientId, id) => orInUse(await deleteSaleProduct(db, clientId, id)),
  });

  const justifications = R.reward_justifications;
  registerCrud(app, {
    resource: justifications.name,
    path: justifications.apiPath,
    title: justifications.title,
    idColumn: 'reward_audit_justifications.id',
    input: JustificationInput,
    output: JustificationItem,
    listSpec: {
      searchColumns: ['reward_audit_justifications.text'], sortable: { id: 'reward_audit_justifications.id', text: 'reward_audit_justifications.text' },
      defaultOrdering: 'text', filters: { kind: 'reward_audit_justifications.kind' },
    },
    query: justificationsQuery,
    toApi: async (_db, rows) => rows,
    create: (db, clientId, input) => insertJustification(db, clientId, { kind: input.kind, text: input.text.trim() }),
    update: (db, clientId, id, input) => updateJustification(db, clientId, id, { kind: input.kind, text: input.text.trim() }),
    remove: deleteJustification,
  });
};
export default reference;
