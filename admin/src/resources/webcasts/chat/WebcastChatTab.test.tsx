import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, Notification, testDataProvider } from 'react-admin';
import { CHAT_COLOURS, CHAT_FLAGGED_COLOUR, webcastChatChannel, webcastOnlineChannel } from '@lp/shared/rules';
import { createFakeRealtimeClient, type FakeRealtimeClient } from '@lp/shared/testing';
import { WEBCAST_CHAT_PATHS, type ChatMessage } from '@lp/shared/contract';
import { RealtimeProvider } from '../../../common/realtime/RealtimeContext.tsx';
import { i18n } from '../../../test/fixtures.ts';
import { mockHttp } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../../common/http/index.ts';
import { withCascadedStyles } from '../../../test/fastComputedStyle.ts';
import { WebcastChatTab } from './WebcastChatTab.tsx';

const WEBCAST = 9;
const ch = (type: 'moderation' | 'public' | 'disapproved') => webcastChatChannel(WEBCAST, type);

const msg = (id: number, state: ChatMessage['state'], extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id, n: `Pessoa ${id}`, m: `Mensagem ${id}`, t: '2026-11-23T15:04:05Z', a: false, state, media_time: null, ...extra,
});

function renderTab({ canManage = true, serveForm }: { canManage?: boolean; serveForm?: (path: string, method: string, fields: Record<string, unknown>) => Promise<unknown> } = {}) {
  const realtime = createFakeRealtimeClient();
  const mocks = { serveForm: vi.fn(serveForm ?? (async () => ({}))) };
  const view = render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp(mocks)}>
        <RealtimeProvider client={realtime}>
          <WebcastChatTab webcastId={WEBCAST} canManage={canManage} />
        </RealtimeProvider>
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
  return { realtime, serveForm: mocks.serveForm, unmount: view.unmount };
}

const column = (name: string) => screen.getByRole('region', { name });
const columnNames = { moderation: 'Moderação', public: 'Público', disapproved: 'Reprovadas' } as const;

function fill(realtime: FakeRealtimeClient) {
  act(() => {
    realtime.snapshot(ch('moderation'), { messages: [msg(5, 'pending'), msg(3, 'pending')] });
    realtime.snapshot(ch('public'), { messages: [msg(4, 'public', { a: true, n: 'Moderadora' }), msg(2, 'public')] });
    realtime.snapshot(ch('disapproved'), { messages: [msg(1, 'disapproved')] });
    realtime.snapshot(webcastOnlineChannel(WEBCAST), { online: 3, v: 7 });
  });
}

const namesIn = (name: string) => within(column(name)).queryAllByRole('button').map((b) => within(b).getByText(/^(Pessoa|Moderadora)/).textContent);

describe('WebcastChatTab (spec 2 §2.5 chat moderation, §4.13, §7.3)', () => {
  it('follows the three columns and the online users of the webcast over the realtime client', async () => {
    const { realtime } = renderTab();
    expect(realtime.channels().sort()).toEqual([ch('disapproved'), ch('moderation'), ch('public'), webcastOnlineChannel(WEBCAST)].sort());
    expect(screen.getByRole('status')).toHaveTextContent('Usuários online: …');
    fill(realtime);
    expect(screen.getByRole('status')).toHaveTextContent('Usuários online: 3');
    expect(namesIn(columnNames.moderation)).toEqual(['Pessoa 5', 'Pessoa 3']);
    expect(namesIn(columnNames.public)).toEqual(['Moderadora', 'Pessoa 2']);
    expect(namesIn(columnNames.disapproved)).toEqual(['Pessoa 1']);
  });

  it('shows sender, text and DD/MM/YYYY HH:mm:ss; flagged messages in their own colour, others cycling through six', () => {
    const { realtime } = renderTab();
    fill(realtime);
    const item = within(column(columnNames.moderation)).getAllByRole('button')[0]!;
    expect(item).toHaveTextContent('Pessoa 5');
    expect(item).toHaveTextContent('Mensagem 5');
    expect(within(item).getByText(/^\d\d\/\d\d\/2026 \d\d:04:05$/)).toHaveAttribute('datetime', '2026-11-23T15:04:05Z');
    const flagged = within(column(columnNames.public)).getAllByRole('button')[0]!;
    withCascadedStyles(() => {
      expect(within(item).getByText('Pessoa 5')).toHaveStyle({ color: CHAT_COLOURS[5 % 6] });
      expect(within(flagged).getByText('Moderadora')).toHaveStyle({ color: CHAT_FLAGGED_COLOUR });
    });
    expect(flagged).toHaveTextContent('moderação');
  });

  it('applies live changes: a new message on top, a move leaves one column and enters another', () => {
    const { realtime } = renderTab();
    fill(realtime);
    act(() => realtime.publish(ch('moderation'), { message: msg(8, 'pending') }));
    expect(namesIn(columnNames.moderation)).toEqual(['Pessoa 8', 'Pessoa 5', 'Pessoa 3']);
    act(() => {
      realtime.publish(ch('moderation'), { message: msg(5, 'public') });
      realtime.publish(ch('public'), { message: msg(5, 'public') });
    });
    expect(namesIn(columnNames.moderation)).toEqual(['Pessoa 8', 'Pessoa 3']);
    expect(namesIn(columnNames.public)).toEqual(['Pessoa 5', 'Moderadora', 'Pessoa 2']);
    act(() => realtime.publish(webcastOnlineChannel(WEBCAST), { online: 4, v: 8 }));
    // an older count from another node does not win
    act(() => realtime.publish(webcastOnlineChannel(WEBCAST), { online: 2, v: 6 }));
    expect(screen.getByRole('status')).toHaveTextContent('Usuários online: 4');
  });

  it.each([
    ['moderation', 'pending', 'Aprovar ou reprovar mensagem', ['Aprovar', 'Reprovar']],
    ['public', 'public', 'Reprovar mensagem', ['Reprovar']],
    ['disapproved', 'disapproved', 'Aprovar mensagem', ['Aprovar']],
  ] as const)('a message of the %s column opens its dialog', async (type, state, title, buttons) => {
    const { realtime } = renderTab();
    act(() => realtime.snapshot(ch(type), { messages: [msg(6, state)] }));
    await userEvent.click(within(column(columnNames[type])).getByRole('button', { name: /Pessoa 6/ }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent('Mensagem 6');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancelar', ...buttons]);
  });

  it('approves with the form call and moves the message at once', async () => {
    const { realtime, serveForm } = renderTab({ serveForm: async () => msg(5, 'public') });
    fill(realtime);
    await userEvent.click(within(column(columnNames.moderation)).getByRole('button', { name: /Pessoa 5/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aprovar' }));
    expect(serveForm).toHaveBeenCalledWith(WEBCAST_CHAT_PATHS.approve(WEBCAST), 'POST', { message_id: 5 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the page behind stays aria-hidden until the dialog's exit transition ends
    await waitFor(() => expect(namesIn(columnNames.moderation)).toEqual(['Pessoa 3']));
    expect(namesIn(columnNames.public)).toEqual(['Pessoa 5', 'Moderadora', 'Pessoa 2']);
    // the channel's copy of the same change changes nothing more
    act(() => realtime.publish(ch('public'), { message: msg(5, 'public') }));
    expect(namesIn(columnNames.public)).toEqual(['Pessoa 5', 'Moderadora', 'Pessoa 2']);
  });

  it('disapproves from the moderation column', async () => {
    const { realtime, serveForm } = renderTab({ serveForm: async () => msg(3, 'disapproved') });
    fill(realtime);
    await userEvent.click(within(column(columnNames.moderation)).getByRole('button', { name: /Pessoa 3/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reprovar' }));
    expect(serveForm).toHaveBeenCalledWith(WEBCAST_CHAT_PATHS.disapprove(WEBCAST), 'POST', { message_id: 3 });
    await waitFor(() => expect(namesIn(columnNames.disapproved)).toEqual(['Pessoa 3', 'Pessoa 1']));
  });

  it('shows a refused move and keeps the dialog', async () => {
    const { realtime } = renderTab({
      serveForm: async () => { throw new HttpError('errors.chat_message_move_not_allowed', 409, {}); },
    });
    fill(realtime);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(within(column(columnNames.public)).getByRole('button', { name: /Pessoa 2/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reprovar' }));
    expect(await screen.findByText('Esta mudança de estado da mensagem não é permitida.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the dialog follows its message: moved elsewhere meanwhile, the move no longer offered is disabled', async () => {
    const { realtime } = renderTab();
    fill(realtime);
    await userEvent.click(within(column(columnNames.moderation)).getByRole('button', { name: /Pessoa 5/ }));
    const dialog = await screen.findByRole('dialog');
    act(() => realtime.publish(ch('moderation'), { message: msg(5, 'public') }));
    expect(within(dialog).getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reprovar' })).toBeEnabled();
  });

  it('without webcasts_manage the moves are disabled, but the dialog opens and sending works (§6)', async () => {
    const { realtime, serveForm } = renderTab({ canManage: false, serveForm: async () => msg(11, 'public', { a: true }) });
    fill(realtime);
    await userEvent.click(within(column(columnNames.moderation)).getByRole('button', { name: /Pessoa 5/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reprovar' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Nova mensagem' }), 'Bem-vindos{Enter}');
    expect(serveForm).toHaveBeenCalledWith(WEBCAST_CHAT_PATHS.send(WEBCAST), 'POST', { message: 'Bem-vindos' });
    expect(screen.getByRole('textbox', { name: 'Nova mensagem' })).toHaveValue('');
    expect(namesIn(columnNames.public)[0]).toBe('Pessoa 11');
  });

  it('sends with the Send button too, trimmed; an empty message is not sent', async () => {
    const { realtime, serveForm } = renderTab({ serveForm: async () => msg(12, 'public', { a: true }) });
    fill(realtime);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(serveForm).not.toHaveBeenCalled();
    expect(screen.getByText('Certifique-se de que todos os campos estão preenchidos.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nova mensagem' }), '  Olá  ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(serveForm).toHaveBeenCalledWith(WEBCAST_CHAT_PATHS.send(WEBCAST), 'POST', { message: 'Olá' });
  });

  it('says when the connection is being restored, and when a column is refused', () => {
    const { realtime } = renderTab();
    fill(realtime);
    act(() => realtime.setStatus('reconnecting'));
    expect(screen.getByText('Conexão em tempo real perdida. Reconectando…')).toBeInTheDocument();
    act(() => realtime.setStatus('open'));
    expect(screen.queryByText('Conexão em tempo real perdida. Reconectando…')).not.toBeInTheDocument();
    act(() => realtime.refuse(ch('moderation'), 'chat_disabled'));
    expect(screen.getByText('O chat deste webcast está desativado.')).toBeInTheDocument();
  });

  it('stops following when it closes', () => {
    const { realtime, unmount } = renderTab();
    expect(realtime.channels()).toHaveLength(4);
    unmount();
    expect(realtime.channels()).toEqual([]);
  });
});
