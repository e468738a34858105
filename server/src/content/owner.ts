import type { CommentOrigin, TestOwnerContract } from '@lp/shared/contract';
import type { PermissionSlug } from '@lp/shared/rules';
import type { Database } from '../db/database.ts';
import type { AdminAccess } from '../lib/access.ts';
import type { OwnedTablesOf } from './tables.ts';

type Id = number | string;

/** Tables whose rows carry id and client_id: what an owner (or a comment origin) can be. */
export type OwnerTableName = {
  [K in keyof Database]: Database[K] extends { id: unknown; client_id: number } ? K : never
}[keyof Database];

/** Access to an owner's editor: reads need the owner's title slug; writes also its manage permission. */
export interface OwnerAccess {
  read: AdminAccess;
  write: AdminAccess;
}

/** spec 2 §7.1 / §7.3 reaction evaluation paths (shared TRAINING_EVALUATION_PATHS, WEBCAST_EVALUATION_PATHS). */
export interface EvaluationPaths {
  collection(ownerId: Id): string;
  item(ownerId: Id, evaluationId: Id): string;
  fromBase(ownerId: Id): string;
  questions(ownerId: Id, evaluationId: Id): string;
  question(ownerId: Id, evaluationId: Id, questionId: Id): string;
  /** the models offered to the client, and their questions */
  baseEvaluations: string;
  baseEvaluationQuestions(baseEvaluationId: Id): string;
}

/** The learner's test engine and reaction evaluation paths (shared LEARNER_PATHS, LEARNER_WEBCAST_PATHS). */
export interface LearnerPaths {
  attempts(ownerId: Id, testId: Id): string;
  attempt(ownerId: Id, testId: Id, attemptId: Id): string;
  answer(ownerId: Id, testId: Id, attemptId: Id, questionId: Id): string;
  submit(ownerId: Id, testId: Id, attemptId: Id): string;
  evaluation(ownerId: Id): string;
}

/**
 * What owns questions and answers without the rest (a survey, spec 3 §3): its tables come from
 * `createOwnedTables(…, { testsOnly: true })` and the core's question and attempt repository serve
 * it through `ownedDb`; it mounts its own routes instead of the registrars (no reaction
 * evaluations, materials or comments). Every OwnerKind is one.
 */
export interface QuestionOwnerKind extends OwnedTablesOf {
  kind: string;
  ownerTable: OwnerTableName;
  tablePrefix: string;
  admin: {
    title: string;
    manage: PermissionSlug;
    refusal: string;
  };
}

/**
 * A question-only owner whose learners take its test through the shared test engine
 * (`registerLearnerTests`): a general test (spec 3 §3). Every OwnerKind is one.
 */
export interface TestEngineOwner extends QuestionOwnerKind {
  learner: Pick<LearnerPaths, 'attempts' | 'attempt' | 'answer' | 'submit'>;
}

/**
 * An owner kind: everything the owned-content core (tests, questions and import, attempts,
 * reaction evaluations, support materials, comments) needs to serve it. One declaration per
 * kind, in content/owners.ts; its tables come from content/schema.ts `createOwnedTables`.
 * Paths and wire names are the spec's, from shared. Plain data: the declarations import
 * nothing from the owner areas, which build on them.
 */
export interface OwnerKind extends TestEngineOwner {
  /** labels and logs: training, webcast … */
  kind: string;
  /** the owner's own table (id, client_id, title, status): owned tables reference it ON DELETE CASCADE */
  ownerTable: OwnerTableName;
  /** `${tablePrefix}_tests`, `${tablePrefix}_materials` … */
  tablePrefix: string;
  /** resource names of the simple list envelope (`${wirePrefix}_tests` …): group_training, webcast */
  wirePrefix: string;
  /** spec 2 §7.4 origin of the owner's comments */
  commentOrigin: CommentOrigin;
  /** who edits the owner (content/ownerAccess.ts builds the access from it) */
  admin: {
    /** spec 2 §2.2 title slug that opens the owner's editor */
    title: string;
    /** spec 2 §6 module item that changes it (and moderates its comments) */
    manage: PermissionSlug;
    /** the 403 detail of a write without `manage` */
    refusal: string;
  };
  /** paths and wire names of tests, questions, the question bank and the import (spec 2 §7.1, §7.3) */
  tests: TestOwnerContract;
  evaluations: {
    paths: EvaluationPaths;
    /** wire name of a question's type: group_training_evaluation_question_type … */
    questionTypeField: string;
    /** the model field of create_evaluation_from_base: base_evaluation_id, webcast_base_evaluation_id */
    fromBaseField: string;
    /** the evaluation question types reference list */
    questionTypesPath: string;
  };
  materials: {
    collection(ownerId: Id): string;
    item(ownerId: Id, materialId: Id): string;
    /** tus kind of the material uploads */
    uploadKind: string;
    /** media store folder of the owner's files */
    folder(ownerId: number): string;
  };
  learner: LearnerPaths;
}
