import type { FastifyPluginAsync } from 'fastify';
import operator from './operator.ts';
import questionnaires from './questionnaires.ts';
import tasks from './tasks.ts';

/**
 * Field-sales tasks (spec 3 §1–§9 "Field-sales tasks"; spec 1 §2.3 4traders/questions and
 * 4traders/tasks): questionnaires, tasks with recurrence and the address search for the admin, and
 * the operator's side (check-in, answers, check-out).
 */
const fieldSales: FastifyPluginAsync = async (app) => {
  await app.register(questionnaires);
  await app.register(tasks);
  await app.register(operator);
};
export default fieldSales;
