import type { FastifyPluginAsync } from 'fastify';
import { PRESENTIAL_EVENT_OWNER } from '../../content/owners.ts';
import { registerOwnedContent } from '../../content/routes/index.ts';
import appointments from './appointments.ts';
import enrollments from './enrollments.ts';
import events from './events.ts';
import imports from './imports.ts';
import costs from './costs.ts';
import print from './print.ts';
import learner from './learner.ts';
import learnerEvents from './learnerEvents.ts';
import reference from './reference.ts';
import results from './results.ts';
import store from './store.ts';
import testTemplates from './testTemplates.ts';
import vacancies from './vacancies.ts';

/**
 * Face-to-face trainings (spec 3 §2 "Face-to-face (presential)", §3–§5, §8, §9; issue 16): the
 * reference data, planned vacancies, appointments with their workflow, events and inputs,
 * enrollments and cancellation requests, and — through the owned-content core — each event's
 * tests, reaction evaluations, materials and comments (origin presential, moderated).
 */
const presential: FastifyPluginAsync = async (app) => {
  await app.register(reference);
  await app.register(vacancies);
  await app.register(appointments);
  await app.register(events);
  await app.register(enrollments);
  await app.register(results);
  await app.register(costs);
  await app.register(print);
  await app.register(imports);
  // tests reusable across appointments (spec 1 §6.2 presential_test_templates)
  await app.register(testTemplates);
  // the store manager's read-only views of their own store (spec 1 §6.2 "Catalog and vacancies")
  await app.register(store);
  registerOwnedContent(app, PRESENTIAL_EVENT_OWNER);
  // the learner's list, detail, seats, calendar file and favourites; an event's comments, test window and tests (issue 17)
  await app.register(learner);
  await app.register(learnerEvents);
};
export default presential;
