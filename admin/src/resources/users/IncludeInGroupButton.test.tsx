import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, type ReactNode } from 'react';
import {
  AddNotificationContext,
  AdminContext,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
  memoryStore,
  useAddNotificationContext,
  type NotificationPayload,
} from 'react-admin';
import { fakeApiDataProvider } from '../../test/fakeApi.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { UserList } from './UserList.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const users = [adminUser({ id: 7, full_name: 'Lara Learner' }), adminUser({ id: 9, full_name: 'Bruno Buyer', email: 'bruno@demo.local' })];
const groups = [{ id: 5, name: 'Vendedores' }, { id: 6, name: 'Gerentes' }];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * Records every notification on its way to react-admin's queue: <Notification> shows one at a time,
 * so a second one queued behind the first would not be on screen yet.
 */
function RecordNotifications({ log, children }: { log: NotificationPayload[]; children: ReactNode }) {
  const add = useAddNotificationContext();
  const record = useCallback((n: NotificationPayload) => { log.push(n); add(n); }, [add, log]);
  return <AddNotificationContext.Provider value={record}>{children}</AddNotificationContext.Provider>;
}

/**
 * The users list over the real data provider and API client; only `fetch` is fake, so the test
 * sees the exact HTTP request the button ends up making. `addMembers` answers the POST.
 */
function renderList(addMembers: () => Response) {
  const notified: NotificationPayload[] = [];
  const { calls, dataProvider, http } = fakeApiDataProvider(({ method, url }) => {
    if (url.startsWith('/api/admin_users/users/')) return json(users, 200, { 'Content-Range': 'users 0-1/2' });
    if (url === '/api/lookups/user_groups/') return json(groups);
    if (url.startsWith('/api/lookups/')) return json([]);
    if (method === 'POST' && url.startsWith('/api/admin_users/user_groups/')) return addMembers();
    return json({ detail: 'unexpected', code: 'not_found' }, 404);
  });
  render(
    <TestMemoryRouter initialEntries={['/users']}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18n()}
        authProvider={authFor(adminWith(['users', 'users_groups']))}
        store={memoryStore()}
      >
        <ContractHttpProvider value={http}>
          <RecordNotifications log={notified}>
            <ResourceContextProvider value="users">
              <UserList />
            </ResourceContextProvider>
          </RecordNotifications>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  const notes = () => notified.map((n) => `${n.type}: ${String(n.message)}`);
  return { calls, notes, posts: () => calls.filter((c) => c.method === 'POST').map((c) => `${c.method} ${c.url} ${c.body}`) };
}

// hidden: while the dialog is open, the list behind it is aria-hidden
const rowCheckbox = (name: string) =>
  within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox', { hidden: true });
const SUCCESS = '2 usuários incluídos no grupo';

async function selectBothUsers() {
  await screen.findByText('Lara Learner');
  await waitFor(() => expect(screen.queryAllByRole('checkbox').filter((box) => box.closest('tbody'))).toHaveLength(2));
  await userEvent.click(rowCheckbox('Lara Learner'));
  await userEvent.click(rowCheckbox('Bruno Buyer'));
  expect(await screen.findByText('2 itens selecionados')).toBeInTheDocument();
}

/** Selects both users, opens the dialog and picks "Gerentes" (id 6); returns the dialog. */
async function selectUsersAndGroup() {
  await selectBothUsers();
  await userEvent.click(screen.getByRole('button', { name: 'Incluir em grupo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Incluir em grupo' });
  expect(dialog).toHaveTextContent('Escolha o grupo para 2 usuários selecionados');
  const confirm = within(dialog).getByRole('button', { name: 'Incluir em grupo' });
  expect(confirm).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grupo' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Gerentes' }));
  expect(within(dialog).getByRole('combobox', { name: 'Grupo' })).toHaveTextContent('Gerentes');
  expect(confirm).toBeEnabled();
  return { dialog, confirm };
}

describe('IncludeInGroupButton (bulk: add the selected users to a group)', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('loads the groups only once the dialog opens, and offers them all', async () => {
    const { calls } = renderList(() => json({}));
    const groupLookups = () => calls.filter((c) => c.url === '/api/lookups/user_groups/');
    await selectBothUsers();
    expect(groupLookups()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Incluir em grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Incluir em grupo' });
    await waitFor(() => expect(groupLookups()).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grupo' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Vendedores', 'Gerentes']);
  });

  it('posts the selected ids to the chosen group, says so and clears the selection', async () => {
    const { posts, notes } = renderList(() => json({}));
    const { confirm } = await selectUsersAndGroup();
    expect(posts()).toEqual([]);
    await userEvent.click(confirm);
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(posts()).toEqual(['POST /api/admin_users/user_groups/6/members/ {"user_ids":[7,9]}']);
    expect(notes()).toEqual(['success: resources.users.notifications.added_to_group']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incluir em grupo' })).not.toBeInTheDocument());
    expect(screen.queryByText('2 itens selecionados')).not.toBeInTheDocument();
    expect(rowCheckbox('Lara Learner')).not.toBeChecked();
    expect(rowCheckbox('Bruno Buyer')).not.toBeChecked();
  });

  it('cancel closes the dialog without calling the API', async () => {
    const { posts, notes } = renderList(() => json({}));
    const { dialog } = await selectUsersAndGroup();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incluir em grupo' })).not.toBeInTheDocument());
    expect(posts()).toEqual([]);
    expect(notes()).toEqual([]);
    expect(screen.getByText('2 itens selecionados')).toBeInTheDocument();
  });

  it('shows the error when the API refuses, claims no success and keeps dialog and selection', async () => {
    const { posts, notes } = renderList(() => json({ detail: 'forbidden', code: 'permission_denied' }, 403));
    const { dialog, confirm } = await selectUsersAndGroup();
    await userEvent.click(confirm);
    expect(await screen.findByText('Você não tem permissão para esta página')).toBeInTheDocument();
    expect(posts()).toEqual(['POST /api/admin_users/user_groups/6/members/ {"user_ids":[7,9]}']);
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(notes()).toEqual(['error: errors.permission_denied']);
    expect(dialog).toBeInTheDocument();
    // not busy any more: the admin can try again
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(rowCheckbox('Lara Learner')).toBeChecked();
    expect(rowCheckbox('Bruno Buyer')).toBeChecked();
  });
});
