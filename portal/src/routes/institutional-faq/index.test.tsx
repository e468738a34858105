import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerFaq } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const faq: LearnerFaq = {
  categories: [
    { id: 1, name: 'Acesso', questions: [
      { id: 1, question: 'Como faço meu primeiro acesso?', answer: '<p>Use o e-mail <strong>corporativo</strong>.</p>', is_public: true },
      { id: 2, question: 'Quem libera minhas trilhas?', answer: '<p>O gerente da loja.</p>', is_public: false },
    ] },
    { id: 2, name: 'Certificados', questions: [{ id: 3, question: 'Onde baixo meu certificado?', answer: '<p>No perfil.</p>', is_public: false }] },
  ],
};

describe('institutional/faq (spec 3 §2, spec 1 §2.2)', () => {
  it('shows the client\'s questions by category and searches them as one types', async () => {
    loggedIn();
    fakeApi({ 'GET /faq/': [200, faq] });
    await renderWithApp(undefined, { path: '/institutional/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Acesso' })).toBeInTheDocument();
    expect(screen.getByText('Quem libera minhas trilhas?')).toBeInTheDocument();
    // the answer opens under its question
    await userEvent.click(screen.getByText('Como faço meu primeiro acesso?'));
    expect(screen.getByText('corporativo', { selector: 'strong' })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar nas perguntas' }), 'gerente');
    await waitFor(() => expect(screen.queryByText('Como faço meu primeiro acesso?')).not.toBeInTheDocument());
    expect(screen.getByText('Quem libera minhas trilhas?')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Certificados' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar nas perguntas' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar nas perguntas' }), 'nada disso');
    expect(await screen.findByText('Nenhuma pergunta encontrada.')).toBeInTheDocument();
  });

  it('sends the learner\'s question (the question only: name and e-mail are the user\'s)', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /faq/': [200, faq],
      'POST /faq/questions/': [201, { detail: 'Question received' }],
    });
    await renderWithApp(undefined, { path: '/institutional/faq' });
    const form = await screen.findByRole('form', { name: 'Envie sua pergunta' });
    expect(within(form).queryByLabelText('E-mail')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pergunta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Certifique-se de que todos os campos estão preenchidos.');
    expect(within(form).getByLabelText('Sua pergunta')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText('Sua pergunta'), 'Quando sai a nova trilha?');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pergunta' }));
    expect(await within(form).findByText('Pergunta enviada! Vamos responder em breve.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ question: 'Quando sai a nova trilha?' });
    expect(within(form).getByLabelText('Sua pergunta')).toHaveValue('');
  });

  it('translates the rate limit', async () => {
    loggedIn();
    fakeApi({
      'GET /faq/': [200, faq],
      'POST /faq/questions/': [429, { detail: 'Too many', code: 'too_many_questions' }],
    });
    await renderWithApp(undefined, { path: '/institutional/faq' });
    const form = await screen.findByRole('form', { name: 'Envie sua pergunta' });
    await userEvent.type(within(form).getByLabelText('Sua pergunta'), 'Mais uma?');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pergunta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Você enviou muitas perguntas em pouco tempo.');
  });
});
