/**
 * The owned-content core (docs/architecture/owned-content.md): what an owner kind (a training, a
 * webcast …) has — tests with questions, alternatives and learner attempts; reaction
 * evaluations with questions and learner answers; support materials; comments — written once,
 * over each owner kind's own tables.
 */
export type { OwnerKind, OwnerTableName, QuestionOwnerKind, TestEngineOwner } from './owner.ts';
export { DRILL_OWNER, GENERAL_TEST_OWNER, LIVE_CLASS_OWNER, PRESENTIAL_EVENT_OWNER, PRESENTIAL_TEST_TEMPLATE_OWNER, SURVEY_OWNER, TRAINING_OWNER, WEBCAST_OWNER } from './owners.ts';
export { ownedDb, type OwnedDb } from './ownedDb.ts';
export { createOwnedTables, dropOwnedTables } from './schema.ts';
export type { OwnedMaterialRow, OwnedTestResultRow, OwnedTestRow } from './tables.ts';

// admin and learner routes
export { registerOwnedContent } from './routes/index.ts';
export { registerComments, type CommentRoutes } from './routes/comments.ts';
export { registerLearnerTests, type LearnerTestPolicy } from './routes/learnerTests.ts';
export { registerLearnerEvaluation, type LearnerEvaluationPolicy } from './routes/learnerEvaluation.ts';
export { learnerTestContext, type LearnerTestContext } from './learnerAttempt.ts';

// the repository
export {
  deleteQuestion, findQuestion, insertQuestions, questionListQuery, toQuestionRow, updateQuestion, withAnswers, type QuestionState, type QuestionWithAnswers,
} from './repository/questions.ts';
export { copyOwnedContent, copyTestTo } from './repository/copy.ts';
export { findPublishedTest, publishedTestsOf, type PublishedTest } from './repository/tests.ts';
export { evaluationAnswered, publishedEvaluation } from './repository/evaluations.ts';
export { publishedMaterials } from './repository/materials.ts';
export {
  addComment, hasCommented, learnerComment, listComments, listTrailUserStars, publishedComments, type LearnerCommentRow,
} from './repository/comments.ts';
