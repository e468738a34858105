import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { ALL_PERMISSION_SLUGS } from '@lp/shared/rules';
import partnerProviders from './index.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.partner_providers.name;
const chipco = {
  id: 3, slug: 'chipco', name: 'ChipCo Retail', issuer: 'https://id.chipco.example', oidc_client_id: 'learning',
  has_client_secret: true, email_claim: 'email', name_claim: 'name', document_claim: null, auto_provision: true, enabled: true,
  created_at: '2026-11-01T10:00:00Z',
};
const SUPERUSER = sessionUser({ is_superuser: true });
const ADMIN = adminWith([...ALL_PERMISSION_SLUGS, 'configuration']);

function provider(overrides: Partial<DataProvider> = {}) {
  const getOne = vi.fn(async () => ({ data: chipco }));
  const getList = vi.fn(async () => ({ data: [chipco], total: 1 }));
  return { dataProvider: testDataProvider({ getOne, getList, ...overrides } as unknown as Partial<DataProvider>), getOne, getList };
}
const renderAt = (path: string, user: SessionUser, dataProvider: DataProvider) =>
  renderResourceAt(partnerProviders, RESOURCE, path, user, dataProvider);
const secretInput = () => screen.getByLabelText(/^Segredo do cliente/);

describe('partner logins (spec 1 §2.1 login-{partner}, superuser only)', () => {
  it('sends an administrator who is not a superuser home', async () => {
    const { dataProvider, getList } = provider();
    renderAt(`/${RESOURCE}`, ADMIN, dataProvider);
    expect(await screen.findByText('Apenas superusuários podem acessar esta página')).toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });

  it('lists the partners with their issuer', async () => {
    const { dataProvider } = provider();
    renderAt(`/${RESOURCE}`, SUPERUSER, dataProvider);
    const row = (await screen.findByText('ChipCo Retail')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('https://id.chipco.example');
    expect(row).toHaveTextContent('chipco');
  });

  it('creates a partner: the secret is required, the slug lower-cased, the claims default to email and name', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    renderAt(`/${RESOURCE}/create`, SUPERUSER, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Intel Partners');
    await userEvent.type(screen.getByRole('textbox', { name: /^Identificador/ }), 'Intel');
    await userEvent.type(screen.getByRole('textbox', { name: /^Emissor/ }), 'https://login.intel.example');
    await userEvent.type(screen.getByRole('textbox', { name: /^ID do cliente/ }), 'lp');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(secretInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(create).not.toHaveBeenCalled();
    await userEvent.type(secretInput(), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({
      data: expect.objectContaining({
        name: 'Intel Partners', slug: 'intel', issuer: 'https://login.intel.example', oidc_client_id: 'lp', oidc_client_secret: 's3cret',
        email_claim: 'email', name_claim: 'name', auto_provision: false, enabled: true,
      }),
    }));
  });

  it('edits a partner without ever holding its secret: empty keeps the stored one', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...chipco, ...params.data } }));
    renderAt(`/${RESOURCE}/3`, SUPERUSER, provider({ update } as Partial<DataProvider>).dataProvider);
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    await vi.waitFor(() => expect(name).toHaveValue('ChipCo Retail'));
    expect(secretInput()).toHaveValue('');
    expect(screen.getByText(/Há um segredo guardado/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/^Criar pessoas desconhecidas/));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const sent = (update.mock.calls[0]![1] as { data: Record<string, unknown> }).data;
    expect(sent).toMatchObject({ auto_provision: false, slug: 'chipco' });
    expect(sent.oidc_client_secret ?? '').toBe('');
  });
});
