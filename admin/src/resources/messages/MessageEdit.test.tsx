import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, MESSAGE_PATHS, type Message, type MessageRecipient } from '@lp/shared/contract';
import { wireHttp, type WireAnswer } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { i18n } from '../../test/fixtures.ts';
import { MessageCreate } from './MessageCreate.tsx';
import { MessageEdit } from './MessageEdit.tsx';
import { messagePayload } from './messagePayload.ts';

const RESOURCE = ADMIN_RESOURCES.messages.name;

const message: Message = {
  id: 4, title: 'Reunião geral', content: '<p>Amanhã às <strong>9h</strong></p>', users: [11], users_list: [{ id: 11, full_name: 'Lia Learner', email: 'lia@demo.local' }],
  areas: [], profiles: [], user_groups: [3], send_date: '2026-12-01T12:00:00.000Z', send_in_app: true, send_email: true, send_email_body: true,
  status: 'sent', recipients_count: 2, read_count: 1, email_failed_count: 0, sent_at: '2026-12-01T12:00:05.000Z',
  created_at: '2026-11-30T10:00:00Z', updated_at: '2026-12-01T12:00:05Z',
};

const recipients: MessageRecipient[] = [
  { id: 1, user_id: 11, full_name: 'Lia Learner', email: 'lia@demo.local', read: true, read_at: '2026-12-01T13:00:00Z', opened_in: 'web', email_status: 'sent', email_sent_at: '2026-12-01T12:00:01Z', email_error: null },
  { id: 2, user_id: 12, full_name: 'Rui Rocha', email: 'rui@demo.local', read: false, read_at: null, opened_in: null, email_status: 'failed', email_sent_at: null, email_error: 'error_sending_message' },
];

function renderAt(path: string, record: Message, extra: Partial<DataProvider> = {}, server: WireAnswer = async () => undefined) {
  const getList = vi.fn(async (resource: string) => {
    if (resource === `messages/${record.id}/recipients`) return { data: recipients, total: recipients.length };
    if (resource === 'lookup_user_groups') return { data: [{ id: 3, name: 'Lojas do Sul' }], total: 1 };
    return { data: [], total: 0 };
  });
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: record }) as never,
    getList,
    getMany: async () => ({ data: [] }) as never,
    ...extra,
  } as unknown as Partial<DataProvider>);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(server)}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/create`} element={<MessageCreate />} />
              <Route path={`/${RESOURCE}/:id`} element={<MessageEdit />} />
            </Routes>
          </ResourceContextProvider>
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { getList };
}

describe('message detail (spec 3 §3 per-recipient read status, §4 statuses)', () => {
  it('shows a sent message read-only with each recipient’s reading and e-mail', async () => {
    const { getList } = renderAt(`/${RESOURCE}/4`, message);
    expect(await screen.findByRole('heading', { name: 'Reunião geral' })).toBeInTheDocument();
    expect(screen.getByText('Enviada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    const lia = (await screen.findByText('lia@demo.local')).closest('tr') as HTMLElement;
    expect(within(lia).getByText('Lida')).toBeInTheDocument();
    expect(within(lia).getByText('Web')).toBeInTheDocument();
    const rui = screen.getByText('rui@demo.local').closest('tr') as HTMLElement;
    expect(within(rui).getByText('Ainda não visualizada')).toBeInTheDocument();
    expect(within(rui).getByText('Falhou')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('messages/4/recipients', expect.anything());
  });

  it('retries a message in send fail', async () => {
    const serveJson = vi.fn(async (_path: string, _method: string, _body?: unknown) => ({ ...message, status: 'sending' }));
    renderAt(`/${RESOURCE}/4`, { ...message, status: 'send_fail', email_failed_count: 1 }, {}, serveJson);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar mensagem: 1 e-mail não enviado');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar enviar novamente' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(MESSAGE_PATHS.retry(4), 'POST', {}));
  });

  it('edits a scheduled message, with its chosen users as chips', async () => {
    renderAt(`/${RESOURCE}/4`, { ...message, status: 'scheduled', send_date: '2099-01-01T12:00:00.000Z' });
    expect(await screen.findByLabelText('Título')).toHaveValue('Reunião geral');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lia Learner' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Agendar' })).toBeChecked();
  });
});

describe('new message (spec 3 §5 "recipients and send date being chosen")', () => {
  it('needs a recipient before sending', async () => {
    const create = vi.fn();
    renderAt(`/${RESOURCE}/create`, message, { create } as Partial<DataProvider>);
    const title = await screen.findByLabelText('Título');
    await userEvent.type(title, 'Aviso');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Selecione pelo menos um destinatário: usuários, grupos ou áreas com perfis.')).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();
  });

  it('sends now as a null send date, and a scheduled one as an instant with offset', () => {
    const base = { title: 'A', content: '<p>x</p>', users: [1], send_in_app: true, send_email: false };
    expect(messagePayload({ ...base, send_mode: 'now', send_date: '2099-01-01T09:00' }).send_date).toBeNull();
    expect(messagePayload({ ...base, send_mode: 'scheduled', send_date: '2099-01-01T09:00' }).send_date).toBe(new Date('2099-01-01T09:00').toISOString());
    // the e-mail body option goes with the e-mail only
    expect(messagePayload({ ...base, send_email_body: false }).send_email_body).toBe(true);
  });
});
