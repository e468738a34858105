import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { readSession, updateSession } from '@lp/shared/client';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

const token = { access_token: 'a1', token_type: 'Bearer', expires_in: 3600, scope: 'read' };

describe('login page', () => {
  it('shows the login configuration: header, text, logo', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { path: '/', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Demo Retail Academy' })).toBeInTheDocument();
    expect(screen.getByText('Learn every day.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Demo Retail Academy' })).toHaveAttribute('src', '/logo.png');
    expect(screen.getByLabelText('E-mail or document')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/recover-password');
    expect(screen.queryByText('We are performing data maintenance')).not.toBeInTheDocument();
  });

  it('shows the maintenance message when under maintenance', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, under_maintenance: true }] });
    await renderWithApp(undefined, { path: '/', locale: 'en' });
    expect(await screen.findByText('We are performing data maintenance')).toBeInTheDocument();
  });

  it('translates the server error and sends a document as digits', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [400, { detail: 'Invalid username or password', code: 'invalid_username_or_password' }],
    });
    await renderWithApp();
    await userEvent.type(screen.getByLabelText('E-mail ou documento'), '123.456.789-01');
    await userEvent.type(screen.getByLabelText('Senha'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha inválidos');
    const sent = new URLSearchParams(calls.find((c) => c.path === '/o/token/')?.body);
    expect(sent.get('username')).toBe('12345678901');
    expect(sent.get('grant_type')).toBe('password');
  });

  it('translates throttling and blocked users', async () => {
    let code = 'too_many_login_attempts';
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': () => [code === 'too_many_login_attempts' ? 429 : 403, { detail: '', code }],
    });
    await renderWithApp(undefined, { locale: 'en' });
    await userEvent.type(screen.getByLabelText('E-mail or document'), 'Learner@Demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts');
    code = 'user_does_not_have_access';
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("User doesn't have access"));
  });

  it('asks for both fields before calling the server', async () => {
    const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { locale: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
    expect(screen.getByLabelText('E-mail or document')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('E-mail or document'), 'learner@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls.some((c) => c.path === '/o/token/')).toBe(false);
  });

  it('stores the user and goes to the remembered path, then forgets it', async () => {
    updateSession(localStorage, { remembered_path: '/profile' });
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [200, token],
      'GET /users/session/': [200, { ...demoUser, id_user_language_selected: 2 }],
      'GET /users/profile/': [200, { full_name: 'Lia Learner', nick_name: null, email: 'learner@demo.local', user_document: null, id_user_language_selected: 2 }],
    });
    const { memory } = await renderWithApp();
    await userEvent.type(screen.getByLabelText('E-mail ou documento'), 'learner@demo.local');
    await userEvent.type(screen.getByLabelText('Senha'), 'Learner#2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/profile'));
    const session = readSession(localStorage);
    expect(session).toMatchObject({ signed_in: true, remembered_path: null, locale: 'en' });
    // the tokens are not stored: the refresh token went into the cookie, the access token stays in memory
    expect(JSON.stringify(session)).not.toContain('a1');
    expect(session.user?.email).toBe('learner@demo.local');
    expect(calls.find((c) => c.path === '/users/session/')?.headers.get('Authorization')).toBe('Bearer a1');
    // the user's saved language applies after login
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
  });

  it('goes to /home when the remembered path is the control panel\'s (same stored session)', async () => {
    updateSession(localStorage, { remembered_path: '/admin/' });
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [200, token],
      'GET /users/session/': [200, demoUser],
    });
    const { memory } = await renderWithApp();
    await userEvent.type(screen.getByLabelText('E-mail ou documento'), 'learner@demo.local');
    await userEvent.type(screen.getByLabelText('Senha'), 'Learner#2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Lia Learner!' })).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/home');
  });

  it('goes to /home when nothing was remembered', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [200, token],
      'GET /users/session/': [200, demoUser],
    });
    const { memory } = await renderWithApp();
    await userEvent.type(screen.getByLabelText('E-mail ou documento'), 'learner@demo.local');
    await userEvent.type(screen.getByLabelText('Senha'), 'Learner#2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Lia Learner!' })).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/home');
  });

  describe('public FAQ (spec 1 §2.1 show_public_faq; spec 3 §6)', () => {
    const publicFaq = {
      categories: [{ name: 'Acesso ao portal', questions: [{ id: 1, question: 'Como faço meu primeiro acesso?', answer: '<p>Com o e-mail corporativo.</p>' }] }],
      accepts_questions: true,
    };

    it('is not asked for while show_public_faq is off', async () => {
      const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams], 'GET /public/faq/': [200, publicFaq] });
      await renderWithApp();
      expect(await screen.findByLabelText('E-mail ou documento')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('heading', { name: 'Perguntas frequentes' })).not.toBeInTheDocument();
      expect(calls.some((c) => c.path === '/public/faq/')).toBe(false);
    });

    it('shows the public questions and takes a visitor\'s question (name, e-mail, question) without login', async () => {
      const { calls } = fakeApi({
        'GET /login_params/': [200, { ...loginParams, show_public_faq: true }],
        'GET /public/faq/': [200, publicFaq],
        'POST /public/faq/questions/': [201, { detail: 'Question received' }],
      });
      await renderWithApp();
      expect(await screen.findByRole('heading', { name: 'Perguntas frequentes' })).toBeInTheDocument();
      expect(screen.getByText('Como faço meu primeiro acesso?')).toBeInTheDocument();
      const form = screen.getByRole('form', { name: 'Envie sua pergunta' });
      await userEvent.type(within(form).getByLabelText('Nome'), 'Vera Visitante');
      await userEvent.type(within(form).getByLabelText('E-mail'), 'vera@');
      await userEvent.type(within(form).getByLabelText('Sua pergunta'), 'Vocês entregam no interior?');
      await userEvent.click(within(form).getByRole('button', { name: 'Enviar pergunta' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Endereço de e-mail inválido');
      await userEvent.type(within(form).getByLabelText('E-mail'), 'example.com');
      await userEvent.click(within(form).getByRole('button', { name: 'Enviar pergunta' }));
      expect(await within(form).findByText('Pergunta enviada! Vamos responder em breve.')).toBeInTheDocument();
      const sent = calls.find((c) => c.method === 'POST' && c.path === '/public/faq/questions/')!;
      expect(JSON.parse(sent.body)).toEqual({ name: 'Vera Visitante', email: 'vera@example.com', question: 'Vocês entregam no interior?' });
      expect(sent.headers.get('Authorization')).toBeNull();
      // the login form is still the page's own
      expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    });
  });
});
