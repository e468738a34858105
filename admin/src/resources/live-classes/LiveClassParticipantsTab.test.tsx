import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, Notification, testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { LIVE_CLASS_PATHS, type LiveClassParticipant } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { i18n } from '../../test/fixtures.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { LiveClassParticipantsTab } from './LiveClassParticipantsTab.tsx';

const participant = (id: number, name: string): LiveClassParticipant => ({
  id: 100 + id, user: { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@demo.local`, profile: 'vendedor' },
  subscribed_at: '2026-11-21T10:00:00Z', entered_at: null,
});
const ANA = participant(7, 'Ana Souza');
const BRUNO = participant(8, 'Bruno Lima');
const LARA = { id: 20, full_name: 'Lara Learner', email: 'lara@demo.local' };

/** A server holding the subscribers of open class 9: the nested list and the bulk verbs. */
function renderTab(options: { refuseAdd?: boolean; canManage?: boolean } = {}) {
  let rows = [ANA, BRUNO];
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    if (resource !== 'live_classes/9/subscribers') throw new Error(`unexpected list ${resource}`);
    return { data: rows, total: rows.length };
  });
  const { http, calls } = fakeHttp({
    [`POST ${LIVE_CLASS_PATHS.subscribersAdd(9)}`]: (body) => {
      if (options.refuseAdd) throw new HttpError('errors.live_class_subscribers_above_limit', 409, { code: 'live_class_subscribers_above_limit' });
      const ids = (body as { user_ids: number[] }).user_ids;
      rows = [...rows, ...ids.map((id) => participant(id, 'Lara Learner'))];
      return { changed: ids.length, qty_participants: rows.length };
    },
    [`POST ${LIVE_CLASS_PATHS.subscribersRemove(9)}`]: (body) => {
      const ids = (body as { user_ids: number[] }).user_ids;
      rows = rows.filter((r) => !ids.includes(r.user.id));
      return { changed: ids.length, qty_participants: rows.length };
    },
  });
  // the user search of the add box (common/ownersInput)
  vi.spyOn(apiClient, 'json').mockResolvedValue([LARA] as never);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider({ getList } as unknown as Partial<DataProvider>)} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <LiveClassParticipantsTab liveClassId={9} kind="subscribers" canManage={options.canManage ?? true} />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { calls, getList };
}

afterEach(() => vi.restoreAllMocks());

describe('live class subscribers (spec 3 §2 admin editor)', () => {
  it('adds the chosen users in bulk through bulk_add and reloads the list', async () => {
    const { calls } = renderTab();
    await screen.findByText('Ana Souza');
    const search = screen.getByRole('combobox', { name: 'Adicionar inscritos' });
    await userEvent.type(search, 'lar');
    await userEvent.click(await screen.findByRole('option', { name: /Lara Learner/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: LIVE_CLASS_PATHS.subscribersAdd(9), body: { user_ids: [20] } }));
    expect(await screen.findByText('1 inscrito adicionado')).toBeInTheDocument();
    expect(await screen.findByText('Lara Learner')).toBeInTheDocument();
  });

  it('says why a bulk add is refused (all or none past the seats)', async () => {
    renderTab({ refuseAdd: true });
    await screen.findByText('Ana Souza');
    await userEvent.type(screen.getByRole('combobox', { name: 'Adicionar inscritos' }), 'lar');
    await userEvent.click(await screen.findByRole('option', { name: /Lara Learner/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    // spec 3 §8 "Enrolled users exceed the limit"
    expect(await screen.findByText('Os usuários inscritos excedem o limite')).toBeInTheDocument();
  });

  it('removes the selected rows\' users through bulk_remove (user ids, not row ids)', async () => {
    const { calls } = renderTab();
    const row = (await screen.findByText('Bruno Lima')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remover selecionados' }));
    await userEvent.click(await screen.findByRole('button', { name: /confirmar/i }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: LIVE_CLASS_PATHS.subscribersRemove(9), body: { user_ids: [8] } }));
    expect(await screen.findByText('1 inscrito removido')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument());
  });

  it('"update subscribers list" reads the list again', async () => {
    const { getList } = renderTab();
    await screen.findByText('Ana Souza');
    const before = getList.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar lista de inscritos' }));
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(before));
  });

  it('without live_classes_manage: the list only', async () => {
    renderTab({ canManage: false });
    const row = (await screen.findByText('Ana Souza')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Adicionar inscritos' })).not.toBeInTheDocument();
  });
});
