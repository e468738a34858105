import { Type } from '@sinclair/typebox';
import { Id } from '../../lib/params.ts';

export const TestParams = Type.Object({ id: Id(), testId: Id() });
export const QuestionParams = Type.Object({ id: Id(), testId: Id(), questionId: Id() });
/** the import paths reach a test by its id alone */
export const TestOnlyParams = Type.Object({ testId: Id() });
export const AttemptParams = Type.Object({ id: Id(), testId: Id(), attemptId: Id() });
export const AnswerParams = Type.Object({ id: Id(), testId: Id(), attemptId: Id(), questionId: Id() });
export const EvaluationParams = Type.Object({ id: Id(), evaluation_id: Id() });
export const EvaluationQuestionParams = Type.Object({ id: Id(), evaluation_id: Id(), question_id: Id() });
export const BaseEvaluationParams = Type.Object({ base_evaluation_id: Id() });
export const MaterialParams = Type.Object({ id: Id(), materialId: Id() });
