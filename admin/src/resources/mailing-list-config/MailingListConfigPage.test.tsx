import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { MESSAGE_PATHS, type MailingListConfig } from '@lp/shared/contract';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { MailingListConfigPage } from './MailingListConfigPage.tsx';

const stored: MailingListConfig = { sender_name: 'Academia Demo', reply_to: null, footer: '', email_messages: true, updated_at: null };

function renderPage(serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>) {
  const spy = vi.fn(serveJson);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(spy)}>
          <MailingListConfigPage />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return spy;
}

describe('mailing list configuration (spec 1 §2.3 mailing_list_config)', () => {
  it('loads the client’s settings and saves them', async () => {
    const spy = renderPage(async (_path, method, body) => (method === 'PUT' ? { ...stored, ...(body as object), updated_at: '2026-12-01T10:00:00Z' } : stored));
    const name = await screen.findByLabelText('Nome do remetente');
    expect(name).toHaveValue('Academia Demo');
    await userEvent.type(screen.getByLabelText('Responder para'), 'rh@demo.com');
    await userEvent.click(screen.getByRole('switch', { name: 'Enviar mensagens por e-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith(MESSAGE_PATHS.mailingListConfig, 'PUT', {
      sender_name: 'Academia Demo', reply_to: 'rh@demo.com', footer: '', email_messages: false,
    }));
    expect(await screen.findByText('Configuração salva.')).toBeInTheDocument();
  });

  it('refuses an invalid reply-to address before sending', async () => {
    const spy = renderPage(async () => stored);
    await userEvent.type(await screen.findByLabelText('Responder para'), 'não é e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Endereço de resposta inválido.')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalledWith(MESSAGE_PATHS.mailingListConfig, 'PUT', expect.anything());
  });
});
