import type { Kysely } from 'kysely';
import { DRILL_STATUS, GENERAL_TEST_STATUS, addDays, weekdayOf } from '@lp/shared/rules';
import { DRILL_OWNER, GENERAL_TEST_OWNER, insertQuestions, ownedDb } from '../content/index.ts';
import type { Database } from '../db/database.ts';
import { drillTestId, insertDrill } from '../repositories/drills/admin.ts';
import { generalTestTest, insertGeneralTest } from '../repositories/generalTests/admin.ts';

const choice = (title: string, right: string[], wrong: string[]) => ({
  title: `<p>${title}</p>`, is_mandatory: false,
  answers: [...right.map((t) => ({ title: t, is_correct: true })), ...wrong.map((t) => ({ title: t, is_correct: false }))],
});

const SAFETY = [
  choice('Qual extintor usar em fogo de equipamento elétrico?', ['CO₂'], ['Água', 'Espuma']),
  choice('Onde fica a saída de emergência mais próxima do caixa?', ['Sinalizada em verde, ao fundo'], ['Pela porta principal sempre', 'Pelo estoque']),
  choice('O que fazer ao ver um piso molhado?', ['Sinalizar e secar'], ['Esperar secar sozinho', 'Avisar só no fim do turno']),
  choice('Quando usar luvas no estoque?', ['Ao manusear caixas e lâminas'], ['Só no inverno', 'Nunca']),
  choice('Qual o limite de peso para erguer sozinho?', ['23 kg'], ['50 kg', 'Sem limite']),
  choice('Quem chamar em caso de acidente?', ['O líder da loja e o socorro'], ['Ninguém', 'Só o RH no dia seguinte']),
  choice('Como guardar produtos de limpeza?', ['Longe dos alimentos, fechados'], ['Junto dos alimentos', 'Abertos para ventilar']),
  choice('O que checar ao abrir a loja?', ['Saídas livres e alarmes'], ['Só a vitrine', 'Nada']),
  choice('Como descartar vidro quebrado?', ['Embalado e identificado'], ['No lixo comum solto', 'No chão do estoque']),
  choice('Quando trocar o EPI danificado?', ['Imediatamente'], ['No fim do mês', 'Quando quebrar de vez']),
  choice('O que fazer se o alarme de incêndio tocar?', ['Seguir a rota de fuga com calma'], ['Terminar o atendimento', 'Esconder-se no estoque']),
  choice('Quem pode operar a empilhadeira?', ['Só quem é habilitado'], ['Qualquer um', 'Quem chegar primeiro']),
  choice('Como carregar uma escada?', ['Com a frente levantada e atenção'], ['Arrastando', 'Correndo']),
  choice('O que é proibido no estoque?', ['Fumar'], ['Usar luvas', 'Usar crachá']),
];

const PRODUCT = [
  { ...choice('Qual o prazo de troca de um produto com defeito?', ['30 dias'], ['7 dias', '1 ano']), is_mandatory: true },
  choice('O que é a garantia estendida?', ['Cobertura após a garantia do fabricante'], ['Um desconto', 'Um brinde']),
  choice('Como oferecer um acessório?', ['Ligando-o à necessidade do cliente'], ['Insistindo', 'Sem explicar']),
  choice('O que registrar numa troca?', ['Nota, motivo e estado do produto'], ['Só o nome do cliente', 'Nada']),
  choice('Quando chamar o gerente numa venda?', ['Em descontos fora da política'], ['Em toda venda', 'Nunca']),
];

/**
 * Demo drill and general test (issue 20 items 2 and 3): a safety drill over this week (Monday to
 * Sunday, two questions a day against a 30-second timer, feedback on) and a product assessment
 * open to the whole client (timed, blocks below 3 of 4, one question always drawn).
 */
export async function seedDrillsTests(db: Kysely<Database>, o: { clientId: number; authorId: number; learnersGroupId: number | null; today: string }): Promise<void> {
  const monday = addDays(o.today, -((weekdayOf(o.today) + 6) % 7));
  const drillId = await insertDrill(db, o.clientId, o.authorId, {
    title: 'Segurança na loja: 2 perguntas por dia', description: '<p>Duas perguntas por dia, 30 segundos cada.</p>',
    start_date: monday, end_date: addDays(monday, 6), date_type: 'range', weekdays: [], days_of_the_month: [], start_month: null, end_month: null,
    custom_dates: [], minimum_score: 8, qty_questions_frequency: 2, time_to_answer: 30, allow_approved_to_answer: true, show_feedback: true,
    randomize_answers: true, score: 20, status: DRILL_STATUS.published,
  });
  await insertQuestions(ownedDb(db, DRILL_OWNER), await drillTestId(db, drillId), SAFETY);

  // "the whole client": every area with every profile, which also takes people without an area or a
  // profile (docs/architecture/audience.md "The rule"); the learners' group as well
  const [areas, profiles] = await Promise.all([
    db.selectFrom('areas').select('id').where('client_id', '=', o.clientId).execute(),
    db.selectFrom('profiles').select('id').where('client_id', '=', o.clientId).execute(),
  ]);
  const testId = await insertGeneralTest(db, o.clientId, o.authorId, {
    title: 'Avaliação de produtos e trocas', description: '<p>Quatro perguntas em 10 minutos. Não recarregue a página.</p>',
    test_type: 'timed_block_general', minimum_score: 3, quantity_questions: 4, quantity_realizations: null, time_to_finish: 10,
    publish_date: o.today, unpublish_date: null, status: GENERAL_TEST_STATUS.published, score: 20,
    areas: areas.map((a) => a.id), profiles: profiles.map((p) => p.id), user_groups: o.learnersGroupId ? [o.learnersGroupId] : [],
  });
  await insertQuestions(ownedDb(db, GENERAL_TEST_OWNER), (await generalTestTest(db, testId)).id, PRODUCT);
}
