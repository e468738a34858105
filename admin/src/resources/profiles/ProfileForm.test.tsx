import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { ProfileCreate } from './ProfileCreate.tsx';
import { i18n } from '../../test/fixtures.ts';

function renderCreate(create: DataProvider['create']) {
  return render(
    <AdminContext dataProvider={testDataProvider({ create })} i18nProvider={i18n()}>
      <ResourceContextProvider value={ADMIN_RESOURCES.profiles.name}>
        <ProfileCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

/** spec 1 §5.3 "Invalid email for this profile": the profile names its users' e-mail domains, one per line. */
describe('profile form', () => {
  it('refuses a line that is not a domain name, then sends the lines as the list', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 3, ...params.data } })) as unknown as DataProvider['create'];
    renderCreate(create);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Corporativo');
    const domains = screen.getByRole('textbox', { name: 'Domínios de e-mail' });
    await userEvent.type(domains, 'acme.com{Enter}acme');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não é um nome de domínio (ex.: acme.com)')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.type(domains, '.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith(ADMIN_RESOURCES.profiles.name, expect.objectContaining({
      data: expect.objectContaining({ name: 'Corporativo', email_domains: ['acme.com', 'acme.com.br'] }),
    })));
  }, 20_000);
});
