import type { FastifyPluginAsync } from 'fastify';
import campaigns from './campaigns.ts';
import catalog from './catalog.ts';
import codeImports from './codeImports.ts';
import events from './events.ts';
import learner from './learner.ts';
import orders from './orders.ts';
import people from './people.ts';
import photos from './photos.ts';
import reference from './reference.ts';
import sales from './sales.ts';

/**
 * Reward and incentive campaigns (spec 3 §1, §2 "Reward campaigns", §3–§5, §8 "Campaigns", §9;
 * spec 1 §6.2 "Rewards"): reference lists, campaigns with their people, the sales audit, the
 * catalog, redeem orders, and the learner's campaign pages (docs/api.md "Rewards").
 */
const rewards: FastifyPluginAsync = async (app) => {
  await app.register(reference);
  await app.register(campaigns);
  await app.register(people);
  await app.register(events);
  await app.register(sales);
  await app.register(photos);
  await app.register(catalog);
  await app.register(codeImports);
  await app.register(orders);
  await app.register(learner);
};
export default rewards;
