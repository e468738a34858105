import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { loggedIn, renderWithApp } from '../../test/render.tsx';

describe('not found', () => {
  it('answers any unknown path, pointing a visitor to login', async () => {
    await renderWithApp(undefined, { path: '/no/such/page', locale: 'en' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
  });

  it('points a logged-in user home', async () => {
    loggedIn();
    await renderWithApp(undefined, { path: '/no/such/page/12', locale: 'pt-br' });
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/home');
  });
});
