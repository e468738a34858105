import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, ResourceDefinitionContextProvider, type ResourceDefinitions } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { AppMenu } from '../../layout/AppMenu.tsx';
import imports from './index.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';

const { name } = ADMIN_RESOURCES.imports;
const definitions: ResourceDefinitions = {
  tags: { name: 'tags', hasList: true, hasEdit: true, hasCreate: true, hasShow: false },
  [name]: { name, hasList: true, hasEdit: false, hasCreate: true, hasShow: true, icon: imports.icon },
};

function renderMenu(user: SessionUser) {
  return render(
    <AdminContext i18nProvider={i18n()} authProvider={authFor(user)}>
      <ResourceDefinitionContextProvider definitions={definitions}>
        <AppMenu />
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

describe('imports in the menu (spec 1 §2.3 admin-imports, title admin_import)', () => {
  it('shows "Importações" to a superuser', async () => {
    renderMenu(sessionUser({ is_superuser: true }));
    expect(await screen.findByRole('menuitem', { name: /Importações/ })).toHaveAttribute('href', expect.stringMatching(new RegExp(`/${name}$`)));
  });

  it('hides it from other administrators, even with the module item (superuser only)', async () => {
    renderMenu(sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'tags', permission: true }, { slug: 'admin_import', permission: true }] }] }));
    expect(await screen.findByRole('menuitem', { name: /Tags/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Importações/ })).not.toBeInTheDocument();
  });
});
