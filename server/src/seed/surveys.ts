import type { Kysely } from 'kysely';
import { insertQuestions } from '../content/index.ts';
import type { Database } from '../db/database.ts';
import { insertSurvey, surveyTestId, surveysDb } from '../repositories/surveys/admin.ts';

/**
 * Demo surveys (issue 20): one mandatory survey whose audience is the "Store leaders" group — the
 * store manager's (README demo table), so the other demo logins are not stopped by it — with one
 * question of each type.
 */
export async function seedSurveys(db: Kysely<Database>, o: { clientId: number; authorId: number; groupId: number; today: string }): Promise<void> {
  const id = await insertSurvey(db, o.clientId, o.authorId, {
    title: 'Pesquisa de clima das lojas 2026',
    description: '<p>Conte como está o dia a dia da sua loja. Leva três minutos.</p>',
    survey_type: 'mandatory', start_date: o.today, end_date: null, show_feedback: true, score: 10, status: 1,
    owners: [o.authorId], areas: [], profiles: [], user_groups: [o.groupId],
  });
  const option = (title: string) => ({ title, is_correct: false });
  await insertQuestions(surveysDb(db), await surveyTestId(db, id), [
    { title: '<p>Como você avalia o clima da sua equipe?</p>', question_type: 'single_choice', is_mandatory: true,
      answers: ['Ótimo', 'Bom', 'Regular', 'Ruim'].map(option) },
    { title: '<p>Quais canais você usa para falar com a equipe?</p>', question_type: 'multiple_choices', is_mandatory: true,
      answers: ['Reunião diária', 'Aplicativo', 'Quadro de avisos'].map(option) },
    { title: '<p>Você recomendaria a loja como lugar para trabalhar?</p>', question_type: 'alternatives_justification', is_mandatory: false,
      answers: ['Sim', 'Não'].map(option) },
    { title: '<p>O que mudaria primeiro?</p>', question_type: 'dissertative', is_mandatory: false, answers: [] },
  ]);
}
