import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  Notification,
  testDataProvider,
  type DataProvider,
  type Identifier,
} from 'react-admin';
import type { UserGroup, UserSummary } from '@lp/shared/contract';
import { GroupMembersTab } from './GroupMembersTab.tsx';
import { toHttpError } from '../../dataProvider.ts';

const MEMBERS = 'users-groups/3/members';
import { i18n } from '../../test/fixtures.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider, type ContractHttp } from '../../common/http/index.ts';

const group: UserGroup = { id: 3, name: 'Gerentes', members_count: 3, created_at: '2026-11-01T10:00:00Z' };
const user = (id: number, full_name: string): UserSummary => ({ id, full_name, email: `${full_name.split(' ')[0]!.toLowerCase()}@demo.local` });
const ANA = user(7, 'Ana Souza');
const BRUNO = user(8, 'Bruno Lima');
const CARLA = user(9, 'Carla Dias');
const LARA = user(20, 'Lara Learner');
const LARISSA = user(21, 'Larissa Melo');
const LAURO = user(22, 'Lauro Reis');

/** A server keeping the members of group 3: the nested list and the custom add/remove methods. */
function server(initial: UserSummary[], options: { refuseAdd?: boolean } = {}) {
  let members = [...initial];
  const getList = vi.fn(async (resource: string, _params: { filter: Record<string, unknown> }) => {
    if (resource !== MEMBERS) throw new Error(`unexpected list ${resource}`);
    const data = [...members].sort((a, b) => a.full_name.localeCompare(b.full_name));
    return { data, total: data.length };
  });
  const lookupUsers = vi.fn(async (search: string) =>
    [LARA, LARISSA, LAURO].filter((u) => u.full_name.toLowerCase().includes(search.toLowerCase())),
  );
  const addGroupMembers = vi.fn(async (groupId: Identifier, userIds: Identifier[]) => {
    if (options.refuseAdd) throw toHttpError(400, { detail: 'no', code: 'validation_error' });
    members = [...members, ...[LARA, LARISSA, LAURO].filter((u) => userIds.includes(u.id))];
    return { data: userIds };
  });
  const removeGroupMembers = vi.fn(async (_groupId: Identifier, userIds: Identifier[]) => {
    members = members.filter((m) => !userIds.includes(m.id));
    return { data: userIds };
  });
  const dataProvider = testDataProvider({ getList } as unknown as Partial<DataProvider>);
  const { http } = fakeHttp(({ method, path, body }) => {
    const lookup = /^\/lookups\/users\/\?search=(.*)$/.exec(path);
    if (method === 'GET' && lookup) return lookupUsers(decodeURIComponent(lookup[1]!));
    const ids = (body as { user_ids: Identifier[] } | undefined)?.user_ids ?? [];
    const add = /^\/admin_users\/user_groups\/(\d+)\/members\/$/.exec(path);
    if (method === 'POST' && add) return addGroupMembers(Number(add[1]), ids);
    const remove = /^\/admin_users\/user_groups\/(\d+)\/members\/remove\/$/.exec(path);
    if (method === 'POST' && remove) return removeGroupMembers(Number(remove[1]), ids);
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { dataProvider, http, getList, lookupUsers, addGroupMembers, removeGroupMembers };
}

function renderTab(dataProvider: DataProvider, http: ContractHttp) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ContractHttpProvider value={http}>
        <GroupMembersTab groupId={group.id} />
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
}

const memberRows = async () => {
  await screen.findByRole('table');
  return screen.getAllByRole('row').slice(1);
};
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('GroupMembersTab', () => {
  it('lists the group\'s members from the nested resource, by name', async () => {
    const { dataProvider, http, getList } = server([CARLA, ANA, BRUNO]);
    renderTab(dataProvider, http);
    const rows = await memberRows();
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['7', 'Ana Souza', 'ana@demo.local'],
      ['8', 'Bruno Lima', 'bruno@demo.local'],
      ['9', 'Carla Dias', 'carla@demo.local'],
    ]);
    expect(getList).toHaveBeenCalledWith(
      MEMBERS,
      expect.objectContaining({ filter: {}, sort: { field: 'full_name', order: 'ASC' } }),
    );
    expect(screen.getByText('Exibindo 1 a 3 de 3 registros')).toBeInTheDocument();
  });

  it('searches users only from 3 characters', async () => {
    const { dataProvider, http, lookupUsers } = server([ANA]);
    renderTab(dataProvider, http);
    const search = await screen.findByRole('combobox', { name: 'Buscar usuários para adicionar' });
    await userEvent.type(search, 'La');
    expect(await screen.findByText('Digite pelo menos 3 caracteres')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lookupUsers).not.toHaveBeenCalled();
    await userEvent.type(search, 'r');
    await vi.waitFor(() => expect(lookupUsers).toHaveBeenCalledWith('Lar'));
    expect(await screen.findByRole('option', { name: 'Lara Learner <lara@demo.local>' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Larissa Melo <larissa@demo.local>' })).toBeInTheDocument();
  });

  it('going back under 3 characters while a search runs drops it: the hint, not a stuck spinner', async () => {
    const { dataProvider, http, lookupUsers } = server([ANA]);
    let answer: (users: UserSummary[]) => void = () => undefined;
    lookupUsers.mockImplementationOnce(() => new Promise<UserSummary[]>((resolve) => { answer = resolve; }));
    renderTab(dataProvider, http);
    const search = await screen.findByRole('combobox', { name: 'Buscar usuários para adicionar' });
    await userEvent.type(search, 'Lar');
    await vi.waitFor(() => expect(lookupUsers).toHaveBeenCalledWith('Lar'));
    await userEvent.type(search, '{Backspace}');
    expect(await screen.findByText('Digite pelo menos 3 caracteres')).toBeInTheDocument();
    answer([LARA]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option', { name: 'Lara Learner <lara@demo.local>' })).not.toBeInTheDocument();
    expect(screen.getByText('Digite pelo menos 3 caracteres')).toBeInTheDocument();
  });

  it('adds several chosen users in one call and shows them in the list', async () => {
    const { dataProvider, http, addGroupMembers, getList } = server([ANA]);
    renderTab(dataProvider, http);
    await memberRows();
    const addButton = screen.getByRole('button', { name: 'Adicionar ao grupo' });
    expect(addButton).toBeDisabled();
    const search = screen.getByRole('combobox', { name: 'Buscar usuários para adicionar' });
    await userEvent.type(search, 'Lar');
    await userEvent.click(await screen.findByRole('option', { name: 'Lara Learner <lara@demo.local>' }));
    await userEvent.type(search, 'Lau');
    await userEvent.click(await screen.findByRole('option', { name: 'Lauro Reis <lauro@demo.local>' }));
    const listCalls = getList.mock.calls.length;
    await userEvent.click(addButton);
    await vi.waitFor(() => expect(addGroupMembers).toHaveBeenCalledTimes(1));
    expect(addGroupMembers).toHaveBeenCalledWith(3, [20, 22]);
    expect(await screen.findByText('2 membros adicionados')).toBeInTheDocument();
    // the list is read again and the chips are cleared
    await vi.waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(listCalls));
    expect(await screen.findByText('Lauro Reis')).toBeInTheDocument();
    expect(screen.getByText('Lara Learner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lara Learner </ })).not.toBeInTheDocument();
    expect(addButton).toBeDisabled();
  });

  it('keeps the chosen users when adding fails', async () => {
    const { dataProvider, http, addGroupMembers } = server([ANA], { refuseAdd: true });
    renderTab(dataProvider, http);
    await memberRows();
    await userEvent.type(screen.getByRole('combobox', { name: 'Buscar usuários para adicionar' }), 'Lari');
    await userEvent.click(await screen.findByRole('option', { name: 'Larissa Melo <larissa@demo.local>' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar ao grupo' }));
    await vi.waitFor(() => expect(addGroupMembers).toHaveBeenCalledWith(3, [21]));
    expect(await screen.findByText('Dados inválidos. Verifique os campos.')).toBeInTheDocument();
    expect(screen.queryByText(/adicionad/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Larissa Melo/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar ao grupo' })).toBeEnabled();
    expect(screen.queryByText('Larissa Melo', { selector: 'td span' })).not.toBeInTheDocument();
  });

  it('removes the selected members in bulk after confirmation', async () => {
    const { dataProvider, http, removeGroupMembers } = server([ANA, BRUNO, CARLA]);
    renderTab(dataProvider, http);
    await memberRows();
    await userEvent.click(within(rowOf('Ana Souza')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Carla Dias')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remover do grupo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remover membros');
    expect(dialog).toHaveTextContent('Remover 2 membros deste grupo?');
    expect(removeGroupMembers).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(removeGroupMembers).toHaveBeenCalledTimes(1));
    expect(removeGroupMembers).toHaveBeenCalledWith(3, [7, 9]);
    expect(await screen.findByText('2 membros removidos')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Ana Souza')).not.toBeInTheDocument());
    expect(screen.queryByText('Carla Dias')).not.toBeInTheDocument();
    expect(screen.getByText('Bruno Lima')).toBeInTheDocument();
    // the selection is cleared (the bulk toolbar stays mounted, collapsed, so read its count)
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.queryByText('2 itens selecionados')).not.toBeInTheDocument());
    expect(within(rowOf('Bruno Lima')).getByRole('checkbox')).not.toBeChecked();
  });

  it('removes nothing when the confirmation is cancelled', async () => {
    const { dataProvider, http, removeGroupMembers } = server([ANA, BRUNO]);
    renderTab(dataProvider, http);
    await memberRows();
    await userEvent.click(within(rowOf('Bruno Lima')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remover do grupo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remover 1 membro deste grupo?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removeGroupMembers).not.toHaveBeenCalled();
    expect(screen.getByText('Bruno Lima')).toBeInTheDocument();
  });
});
