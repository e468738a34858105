import { Suspense, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { authFor, i18n } from './fixtures.ts';

/** The views of a resource's index.ts (lazy and guarded, as App.tsx registers them). */
export interface ResourceViews {
  list: ComponentType;
  create: ComponentType;
  edit: ComponentType;
}

/**
 * Renders a resource's list/create/edit routes at `path` for `user`, with "/" as the dashboard
 * (where superuser-only screens send other users) and the notifications.
 */
export function renderResourceAt(views: ResourceViews, resource: string, path: string, user: SessionUser, dataProvider: DataProvider) {
  const view = (View: ComponentType) => (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ResourceContextProvider value={resource}>
          <Routes>
            <Route path="/" element={<p>dashboard</p>} />
            <Route path={`/${resource}`} element={view(views.list)} />
            <Route path={`/${resource}/create`} element={view(views.create)} />
            <Route path={`/${resource}/:id/*`} element={view(views.edit)} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
