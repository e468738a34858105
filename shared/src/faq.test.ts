import { describe, expect, it } from 'vitest';
import { foldForSearch, searchFaq, validateAskedQuestion, validateFaqCategory, validateFaqQuestion } from './faq.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

describe('FAQ questions and categories (spec 3 §3)', () => {
  it('requires category, question and answer', () => {
    expect(validateFaqQuestion({})).toEqual({ category: REQUIRED, question: REQUIRED, answer: REQUIRED });
    expect(validateFaqQuestion({ category: 1, question: 'Como acesso?', answer: '<p>Pelo portal</p>' })).toEqual({});
    // an answer of empty markup is no answer
    expect(validateFaqQuestion({ category: 1, question: 'Q', answer: '<p> </p>' })).toEqual({ answer: REQUIRED });
  });

  it('limits lengths, the order and the status', () => {
    expect(validateFaqQuestion({ category: 1, question: 'q'.repeat(501), answer: 'a' })).toEqual({ question: 'faq_question_too_long' });
    expect(validateFaqQuestion({ category: 1, question: 'q', answer: `<p>${'a'.repeat(10_001)}</p>` })).toEqual({ answer: 'faq_answer_too_long' });
    expect(validateFaqQuestion({ category: 1, question: 'q', answer: 'a', order: -1 })).toEqual({ order: 'validation_error' });
    expect(validateFaqQuestion({ category: 1, question: 'q', answer: 'a', order: 1.5 })).toEqual({ order: 'validation_error' });
    expect(validateFaqQuestion({ category: 1, question: 'q', answer: 'a', status: 3 })).toEqual({ status: 'validation_error' });
    expect(validateFaqQuestion({ category: 1, question: 'q', answer: 'a', order: 0, status: 2 })).toEqual({});
  });

  it('requires a category name of at most 150', () => {
    expect(validateFaqCategory({ name: ' ' })).toEqual({ name: REQUIRED });
    expect(validateFaqCategory({ name: 'x'.repeat(151) })).toEqual({ name: 'validation_error' });
    expect(validateFaqCategory({ name: 'Acesso' })).toEqual({});
  });
});

describe('send your question', () => {
  it('asks a visitor for name, a valid e-mail and the question', () => {
    expect(validateAskedQuestion({}, { visitor: true })).toEqual({ name: REQUIRED, email: REQUIRED, question: REQUIRED });
    expect(validateAskedQuestion({ name: 'Ana', email: 'ana@', question: 'Q?' }, { visitor: true })).toEqual({ email: 'invalid_email' });
    expect(validateAskedQuestion({ name: 'Ana', email: 'ana@example.com', question: 'q'.repeat(2001) }, { visitor: true }))
      .toEqual({ question: 'faq_question_too_long' });
    expect(validateAskedQuestion({ name: 'Ana', email: 'ana@example.com', question: 'Q?' }, { visitor: true })).toEqual({});
  });

  it('asks a logged-in learner only for the question', () => {
    expect(validateAskedQuestion({ question: 'Q?' }, { visitor: false })).toEqual({});
    expect(validateAskedQuestion({ question: '  ' }, { visitor: false })).toEqual({ question: REQUIRED });
  });
});

describe('searchFaq (learner institutional/faq)', () => {
  const groups = [
    { name: 'Acesso', questions: [
      { id: 1, question: 'Como faço o primeiro acesso?', answer: '<p>Use o <strong>e-mail</strong> corporativo.</p>' },
      { id: 2, question: 'Esqueci a senha', answer: '<p>Clique em Recuperar senha.</p>' },
    ] },
    { name: 'Certificados', questions: [{ id: 3, question: 'Onde baixo meu certificado?', answer: '<p>No perfil, aba Certificados.</p>' }] },
  ];

  it('matches every word in the question or the answer text, ignoring accents and case', () => {
    expect(searchFaq(groups, 'SENHA')).toEqual([{ name: 'Acesso', questions: [groups[0]!.questions[1]] }]);
    expect(searchFaq(groups, 'email corporativo').map((g) => g.questions.map((q) => q.id))).toEqual([]);
    expect(searchFaq(groups, 'e-mail corporativo').map((g) => g.questions.map((q) => q.id))).toEqual([[1]]);
    expect(searchFaq(groups, 'perfil certificado')).toEqual([groups[1]]);
    // markup is not searched
    expect(searchFaq(groups, 'strong')).toEqual([]);
    expect(searchFaq(groups, '  ')).toEqual(groups);
    expect(foldForSearch('Ação Ç')).toBe('acao c');
  });
});
