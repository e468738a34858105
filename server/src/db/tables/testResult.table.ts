import type { OwnedTestResultTable } from '../../content/tables.ts';

/** One learner attempt at a group-training test (server/src/content/tables.ts). */
export type GroupTrainingTestResultTable = OwnedTestResultTable;
