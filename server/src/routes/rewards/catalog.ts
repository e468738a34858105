import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, REWARD_PATHS, RedeemCodesAnswer, RedeemCodesBody, Reward, RewardInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { addCodes, deleteReward, findReward, insertReward, rewardHasOrders, rewardsQuery, toReward, updateReward } from '../../repositories/rewards/catalog.ts';
import { isClientRow } from '../../repositories/rewards/reference.ts';
import { ACCESS } from './common.ts';

async function validate(db: Db, clientId: number, input: RewardInput): Promise<void> {
  for (const [field, table] of [
    ['reward_type_id', 'reward_types'], ['category_id', 'reward_categories'], ['department_id', 'reward_departments'], ['brand_id', 'reward_brands'],
    ['campaign_id', 'reward_campaigns'],
  ] as const) {
    if (!(await isClientRow(db, table, clientId, input[field]))) throw new HttpError(400, 'validation_error', `Unknown ${field}`, { [field]: 'validation_error' });
  }
}

/**
 * spec 3 §2 "reward catalog", "redemption codes (importable)"; §3 "Reward (catalog item)": the
 * catalog in the one editor shape (title reward), and the codes added to a reward.
 */
const catalog: FastifyPluginAsync = async (app) => {
  const def = ADMIN_RESOURCES.reward_catalog;
  registerCrud(app, {
    resource: def.name,
    path: def.apiPath,
    title: def.title,
    idColumn: 'reward_rewards.id',
    input: RewardInput,
    output: Reward,
    listSpec: {
      searchColumns: ['reward_rewards.reward_title', 'reward_rewards.sku'],
      sortable: { id: 'reward_rewards.id', reward_title: 'reward_rewards.reward_title', points_to_aquire: 'reward_rewards.points_to_aquire', qty_in_stock: 'reward_rewards.qty_in_stock' },
      defaultOrdering: 'reward_title',
      filters: {
        category_id: 'reward_rewards.category_id', brand_id: 'reward_rewards.brand_id', campaign_id: 'reward_rewards.campaign_id',
        is_featured: 'reward_rewards.is_featured', active: 'reward_rewards.active',
      },
    },
    query: rewardsQuery,
    toApi: async (_db, rows) => rows.map(toReward),
    async create(db, clientId, input) {
      await validate(db, clientId, input);
      return insertReward(db, clientId, input);
    },
    async update(db, clientId, id, input) {
      await validate(db, clientId, input);
      return updateReward(db, clientId, id, input);
    },
    async remove(db, clientId, id) {
      // a reward with orders keeps its history: it is deactivated instead
      if (await rewardHasOrders(db, id)) throw new HttpError(409, 'reward_reference_in_use', 'The reward has orders: deactivate it instead');
      return deleteReward(db, clientId, id);
    },
  });
  await app.register(codes);
};

const codes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(REWARD_PATHS.codes(':id'), { config: { access: ACCESS.catalog }, schema: { params: IdParams, body: RedeemCodesBody, response: { 200: RedeemCodesAnswer } } }, async (request) => {
    const reward = await findReward(app.db, clientOf(request), request.params.id);
    if (!reward) throw new HttpError(404, 'reward_not_found', 'Reward not found');
    return app.db.transaction().execute((trx) => addCodes(trx, reward, request.body.codes));
  });
};
export default catalog;
