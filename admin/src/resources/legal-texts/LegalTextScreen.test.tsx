import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import type { LegalTextAdmin } from '@lp/shared/contract';
import { LegalTextScreen } from './LegalTextScreen.tsx';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp, type WireAnswer } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));

const TEXTS: LegalTextAdmin = {
  kind: 'terms',
  texts: [
    { language: 'pt-br', content: '<p>Termos em português</p>', updated_at: '2026-11-20T10:00:00Z' },
    { language: 'en-us', content: '', updated_at: null },
    { language: 'es-es', content: '', updated_at: null },
    { language: 'fr-fr', content: '', updated_at: null },
  ],
};

describe('LegalTextScreen (spec 1 §2.3 terms, about, policy, cookies_policy)', () => {
  beforeAll(() => {
    // ProseMirror measures the selection; jsdom has no layout
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('edits one text per content language and saves them all with PUT', async () => {
    const serveJson = vi.fn(async (_path: string, method: string, body?: { texts: Record<string, string> }) => (method === 'GET'
      ? TEXTS
      : { kind: 'terms', texts: TEXTS.texts.map((t) => ({ ...t, content: body!.texts[t.language]!, updated_at: '2026-11-23T10:00:00Z' })) }));
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(serveJson as WireAnswer)}>
          <LegalTextScreen kind="terms" />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de uso' })).toBeInTheDocument();
    expect(serveJson).toHaveBeenCalledWith('/admin_config/legal_texts/terms/', 'GET');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Português (Brasil)', 'Inglês', 'Espanhol', 'Francês']);
    expect(screen.getByText(/Salvo em 20\/11\/2026/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Inglês' }));
    expect(screen.getByText('Ainda sem texto neste idioma: os leitores veem o texto em português.')).toBeInTheDocument();
    // the editor's HTML dialog writes the English text
    const bar = await screen.findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Código HTML' })).toBeEnabled());
    await userEvent.click(within(bar).getByRole('button', { name: 'Código HTML' }));
    const dialog = await screen.findByRole('dialog', { name: 'Código-fonte HTML' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'HTML' }), { target: { value: '<p>Terms in English</p>' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith('/admin_config/legal_texts/terms/', 'PUT', {
      texts: { 'pt-br': '<p>Termos em português</p>', 'en-us': '<p>Terms in English</p>', 'es-es': '', 'fr-fr': '' },
    }));
    expect(await screen.findByText('Texto salvo')).toBeInTheDocument();
  }, 30_000);
});
