import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, HttpError, Notification, ResourceContextProvider, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import type { Appointment, PresentialEvent, SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { authFor, i18n } from '../../test/fixtures.ts';
import { wireDataProvider, wireHttp, type WireAnswer } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { NAME } from './presentialUi.ts';

/** Test fixtures of the face-to-face screens: one appointment, its event, and the screens over a fake wire. */

export const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 1, title: 'Vendas presencial', display_title: 'Vendas presencial', training_code: null, course_id: null, course_code: null, course_name: null,
  appointment_type_id: 2, product_category_id: null, product_id: null, training_type: 'open', listed: true, areas: [], profiles: [], user_groups: [],
  participating_audience: '', workload: 8, minimum_participants: null, maximum_participants: 20, expected_participants: null, minimum_score: null,
  subscription_until: null, cancellation_until: null, timezone: 'America/Sao_Paulo', instructors: [3], instructors_list: [{ id: 3, full_name: 'Igor' }],
  invitees: [], owner_id: null, owner_email: null, receive_emails: true, has_tests: false, qty_participants: 1, status: 'approved',
  cancellation_reason: null, requester: null, comments: '', is_template: false, events_count: 1, actions: [], created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z', ...over,
});

export const event = (over: Partial<PresentialEvent> = {}): PresentialEvent => ({
  id: 5, appointment_id: 1, event_type: 'without_tests', date: '2026-12-10', start_hour: '09:00', end_hour: '17:00', intermission_minutes: 60,
  location: 'Rua A, 100', location_name: 'Sala 1', instructors: [], live_class_id: null, webcast_id: null, maximum_participants: 20, qty_participants: 1, ...over,
});

/** A 409 of the server with its error key. */
export const refusal = (code: string) => new HttpError(code, 409, { code, detail: code });

/** The path without its query. */
export const bare = (path: string) => path.split('?')[0]!;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Renders `element` at `path` (routes `/{NAME}/:id/*`, or the element alone) for `user` over the wire `serve`. */
export function renderScreen(element: ReactNode, { path, route, user, serve, lists = {}, resource = NAME }: {
  path: string; route?: string; user: SessionUser; serve: WireAnswer;
  /** the resource of the screen's context (a list's) */
  resource?: string;
  /** react-admin REST lists (their total is a header the wire does not carry), by resource */
  lists?: Record<string, RaRecord[]>;
}) {
  updateSession(localStorage, { user });
  const server = vi.fn(serve);
  const real = wireDataProvider(server);
  const dataProvider = wireDataProvider(server, {
    getList: (async (resource: string, params: Parameters<DataProvider['getList']>[1]) => {
      const rows = lists[resource];
      if (rows) return { data: rows, total: rows.length };
      // any other REST list (the form's references): empty, as the wire carries no Content-Range
      return real.getList(resource, params).catch(() => ({ data: [], total: 0 }));
    }) as DataProvider['getList'],
  });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ContractHttpProvider value={wireHttp(server)}>
          <ResourceContextProvider value={resource}>
            <Routes>
              <Route path={route ?? '*'} element={element} />
            </Routes>
            <Where />
          </ResourceContextProvider>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return server;
}
