import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { MENU_GROUP_OF, matchesMenuSearch } from './menuGroups.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceDefinitionContextProvider, type ResourceDefinitions } from 'react-admin';
import { AppMenu } from './AppMenu.tsx';
import { visibleResources } from '../permissions/adminTitles.ts';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';
import type { SessionUser } from '@lp/shared/contract';

const NAMES = ['tags', 'users', 'users-groups', 'profiles', 'area_config'];
const MENU_NAMES = [...NAMES, 'trainings'];

const definitions: ResourceDefinitions = Object.fromEntries(
  MENU_NAMES.map((name) => [name, { name, hasList: true, hasEdit: true, hasCreate: true, hasShow: false }]),
);

function renderMenu(user: SessionUser) {
  return render(
    <AdminContext i18nProvider={i18n()} authProvider={authFor(user)}>
      <ResourceDefinitionContextProvider definitions={definitions}>
        <AppMenu />
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

describe('visibleResources', () => {
  it('keeps only the titles the user may open (spec 1 §6.1)', () => {
    expect(visibleResources(NAMES, sessionUser())).toEqual(['tags']);
    expect(visibleResources(NAMES, sessionUser({ is_superuser: true }))).toEqual(NAMES);
    expect(visibleResources(NAMES, null)).toEqual([]);
  });

  it('hides superuser-only area_config even with a module item of that slug', () => {
    const user = sessionUser({
      user_client_module_items: [{ id: 1, module_items: [{ slug: 'area_config', permission: true }, { slug: 'users', permission: true }] }],
    });
    expect(visibleResources(NAMES, user)).toEqual(['users']);
  });

  it('reads the selected client only', () => {
    const user = sessionUser({
      id_user_client_selected: 2,
      user_client_module_items: [
        { id: 1, module_items: [{ slug: 'tags', permission: true }] },
        { id: 2, module_items: [{ slug: 'user_management', permission: true }] },
      ],
    });
    expect(visibleResources(NAMES, user)).toEqual(['profiles']);
  });
});

describe('AppMenu', () => {
  it('shows only the resources the user may open', async () => {
    renderMenu(sessionUser());
    expect(await screen.findByRole('menuitem', { name: /Tags/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Grupos de usuários/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Áreas/ })).not.toBeInTheDocument();
  });

  it('shows every resource to a superuser', async () => {
    renderMenu(sessionUser({ is_superuser: true }));
    expect(await screen.findByRole('menuitem', { name: /Áreas/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Grupos de usuários/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Perfis/ })).toBeInTheDocument();
  });

  it('lists the settings screens (custom routes) with the same permission check', async () => {
    renderMenu(sessionUser({ is_superuser: true }));
    expect(await screen.findByRole('menuitem', { name: /Configuração/ })).toHaveAttribute('href', expect.stringMatching(/\/configuration$/));
    expect(screen.getByRole('menuitem', { name: /Lista de e-mails/ })).toHaveAttribute('href', expect.stringMatching(/\/mailing_list_config$/));
  });

  it('hides a superuser-only settings screen from other users', async () => {
    renderMenu(sessionUser());
    expect(await screen.findByRole('menuitem', { name: /Tags/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Configuração/ })).not.toBeInTheDocument();
  });

  it('heads the menu with the overview for who may open it (spec 1 §2.4 admin_overview), the dashboard otherwise', async () => {
    renderMenu(sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'overview', permission: true }] }] }));
    expect(await screen.findByRole('menuitem', { name: /Visão geral/ })).toHaveAttribute('href', expect.stringMatching(/\/overview$/));
  });

  it('lists the BI panel under reports for who holds reports_panel (spec 1 §6.2)', async () => {
    renderMenu(sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'reports_panel', permission: true }] }] }));
    const reports = await screen.findByRole('menu', { name: 'Relatórios' });
    expect(within(reports).getByRole('menuitem', { name: /Painel de BI/ })).toHaveAttribute('href', expect.stringMatching(/\/reports-panel$/));
  });

  it('offers no overview without its module item', async () => {
    renderMenu(sessionUser());
    await screen.findByRole('menuitem', { name: /Tags/ });
    expect(screen.queryByRole('menuitem', { name: /Visão geral/ })).not.toBeInTheDocument();
  });

  it('groups the entries by area, each group collapsible (spec 1 §2.3 the admin\'s own menu)', async () => {
    renderMenu(sessionUser({ is_superuser: true }));
    const people = await screen.findByRole('button', { name: 'Pessoas e organização' });
    expect(people).toHaveAttribute('aria-expanded', 'true');
    const peopleGroup = document.getElementById(people.getAttribute('aria-controls') as string) as HTMLElement;
    expect(within(peopleGroup).getByRole('menuitem', { name: /Usuários/ })).toBeInTheDocument();
    expect(within(peopleGroup).queryByRole('menuitem', { name: /Tags/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configurações' })).toBeInTheDocument();
    await userEvent.click(people);
    expect(people).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Perfis/ })).toBeNull());
    expect(screen.getByRole('menuitem', { name: /Tags/ })).toBeInTheDocument();
  });

  it('finds an entry by a search that ignores accents and case, and says when nothing matches', async () => {
    renderMenu(sessionUser({ is_superuser: true }));
    const search = await screen.findByRole('searchbox', { name: 'Buscar no menu' });
    await userEvent.type(search, 'usuarios');
    expect(screen.getByRole('menuitem', { name: /^Usuários/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Grupos de usuários/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Tags/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pessoas e organização' })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhuma tela encontrada');
  });

  it("names a section the client renamed with the client's word (spec 2 §1 title_trainings)", async () => {
    renderMenu(sessionUser({
      is_superuser: true,
      user_clients: [{ id: 1, name: 'Demo Retail', home_route: 'home', settings: { ...DEFAULT_CLIENT_SETTINGS, title_trainings: 'Cursos' } }],
    }));
    expect(await screen.findByRole('menuitem', { name: /Cursos/ })).toHaveAttribute('href', expect.stringMatching(/\/trainings$/));
    expect(screen.queryByRole('menuitem', { name: /^Treinamentos/ })).not.toBeInTheDocument();
  });
});

describe('menu groups', () => {
  it('gives every admin screen an area', () => {
    const keys = Object.keys(ADMIN_RESOURCES).filter((k) => k !== 'overview');
    expect(keys.filter((k) => !(k in MENU_GROUP_OF))).toEqual([]);
  });

  it('matches without accents or case', () => {
    expect(matchesMenuSearch('Configuração', 'configuracao')).toBe(true);
    expect(matchesMenuSearch('Usuários', 'TAGS')).toBe(false);
    expect(matchesMenuSearch('Tags', '  ')).toBe(true);
  });
});

