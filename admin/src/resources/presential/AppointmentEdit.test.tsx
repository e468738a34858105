import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESENTIAL_EVENT_EVALUATION_PATHS, PRESENTIAL_PATHS } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import type { WireAnswer } from '../../test/wireFakes.ts';
import { AppointmentEdit } from './AppointmentEdit.tsx';
import { appointmentKeys, visibleAppointmentTabs } from './appointmentKeys.ts';
import { appointment, bare, event, refusal, renderScreen } from './presentialTestKit.tsx';
import { NAME, PARENT } from './presentialUi.ts';
import { REFERENCE_NAMES } from './ReferenceScreens.tsx';

const P = PRESENTIAL_PATHS;
const ALL_KEYS = ['presential_full_view', 'presential_edit_basic_data', 'presential_edit_events', 'presential_edit_evaluations', 'subscribe_event_users', 'request_events', 'manage_models', 'approve_events'];

/** The server of one appointment with one event; `extra` answers the calls a test is about first. */
const serveWith = (extra: WireAnswer = async () => undefined): WireAnswer => async (path, method, body) => {
  const answered = await extra(path, method, body);
  if (answered !== undefined) return answered;
  const at = bare(path);
  if (at === P.appointment(1) && method === 'GET') return appointment();
  if (at === P.history(1)) return [];
  if (at === P.events(1) && method === 'GET') return [event()];
  if (at === P.inputs(1) && method === 'GET') return [];
  if (at === P.subscribers(1)) return [];
  if (at === PRESENTIAL_EVENT_EVALUATION_PATHS.collection(5)) return { count: 0, results: [] };
  if (at === P.evaluationQuestionTypes) return [];
  return [];
};

const lists = { [REFERENCE_NAMES.materials]: [{ id: 4, name: 'Apostila', quantity: 100, value: 12.5 }], [`${PARENT}/1/subscribers`]: [] };
const open = (tab: string, slugs: string[], serve: WireAnswer = serveWith()) =>
  renderScreen(<AppointmentEdit />, { path: `/${NAME}/1${tab ? `/${tab}` : ''}`, route: `/${NAME}/:id/*`, user: adminWith(slugs), serve, lists });

describe('appointment tabs and keys (spec 1 §6.2 presential_full_view, per-tab edit keys)', () => {
  it('full view shows every tab; without it the appointment and the tabs of the keys held', () => {
    const keys = (slugs: string[]) => appointmentKeys(adminWith(slugs));
    expect(visibleAppointmentTabs(keys(['presential_full_view']))).toEqual(['basic_data', 'events', 'reaction_evaluations', 'subscribers', 'inputs', 'results', 'comments', 'costs']);
    expect(visibleAppointmentTabs(keys(['approve_events']))).toEqual(['basic_data', 'events']);
    expect(visibleAppointmentTabs(keys(['presential_edit_evaluations']))).toEqual(['basic_data', 'events', 'reaction_evaluations', 'comments']);
    expect(visibleAppointmentTabs(keys(['subscribe_event_users', 'presential_edit_basic_data']))).toEqual(['basic_data', 'events', 'subscribers', 'inputs', 'costs']);
    expect(visibleAppointmentTabs(keys(['presential_print_users']))).toEqual(['basic_data', 'events', 'results']);
  });

  it('an approver sees basic data and events, read-only', async () => {
    open('events', ['approve_events']);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dados básicos', 'Eventos']);
    expect(await screen.findByText('Sala 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar evento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar o evento de 10/12/2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir o evento de 10/12/2026' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Duplicar' })).not.toBeInTheDocument();
  });
});

describe('Events tab (spec 3 §3 "Event")', () => {
  it('edits an event in its dialog and saves the changed fields', async () => {
    const server = open('events', ALL_KEYS, serveWith(async (path, method, body) =>
      (method === 'PUT' && bare(path) === P.event(1, 5) ? event(body as object) : undefined)));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar o evento de 10/12/2026' }));
    const dialog = await screen.findByRole('dialog');
    const place = within(dialog).getByLabelText('Nome do local');
    expect(place).toHaveValue('Sala 1');
    await userEvent.clear(place);
    await userEvent.type(place, 'Auditório');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(P.event(1, 5), 'PUT', expect.objectContaining({
      location_name: 'Auditório', date: '2026-12-10', start_hour: '09:00', intermission_minutes: 60, maximum_participants: 20,
    })));
    expect(await screen.findByText('Evento salvo')).toBeInTheDocument();
  });

  it('an event with enrolled users is not removed: the server\'s message is shown', async () => {
    const server = open('events', ALL_KEYS, serveWith(async (path, method) => {
      if (method === 'DELETE' && bare(path) === P.event(1, 5)) throw refusal('presential_event_has_enrolled_users');
      return undefined;
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir o evento de 10/12/2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Este evento tem usuários inscritos e não pode ser excluído')).toBeInTheDocument();
    expect(server).toHaveBeenCalledWith(P.event(1, 5), 'DELETE');
  });
});

describe('Inputs tab (spec 3 §5 "A quantity is required for every selected material")', () => {
  it('refuses a selected material without quantity, then saves the lines', async () => {
    const server = open('inputs', ALL_KEYS, serveWith(async (path, method, body) =>
      (method === 'PUT' && bare(path) === P.inputs(1) ? [{ material_id: 4, name: 'Apostila', quantity: 3, value: 12.5, total: 37.5, ...((body as object[])[0]) }] : undefined)));
    await userEvent.click(await screen.findByLabelText('Adicionar material'));
    await userEvent.click(await screen.findByRole('option', { name: 'Apostila' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a quantidade de cada material selecionado')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalledWith(P.inputs(1), 'PUT', expect.anything());
    await userEvent.type(screen.getByLabelText('Quantidade de Apostila'), '3');
    expect(screen.getByText('37.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(P.inputs(1), 'PUT', [{ material_id: 4, quantity: 3 }]));
    expect(await screen.findByText('Insumos salvos')).toBeInTheDocument();
  });
});

describe('Reaction evaluations tab (spec 3 §2)', () => {
  it('shows the evaluations of the event through the shared editor, read-only without presential_edit_evaluations', async () => {
    const server = open('reaction_evaluations', ['presential_full_view', 'approve_events']);
    expect(await screen.findByText('Nenhuma avaliação de reação cadastrada')).toBeInTheDocument();
    expect(server).toHaveBeenCalledWith(`${PRESENTIAL_EVENT_EVALUATION_PATHS.collection(5)}?page_size=0`, 'GET');
    expect(screen.getByRole('button', { name: 'Nova avaliação' })).toBeDisabled();
  });

  it('lets an editor of evaluations create one', async () => {
    open('reaction_evaluations', ['presential_edit_evaluations', 'approve_events']);
    expect(await screen.findByRole('button', { name: 'Nova avaliação' })).toBeEnabled();
  });
});

describe('duplicate and save as template (spec 3 §2)', () => {
  it('duplicates and opens the copy; save as template needs manage_models', async () => {
    const server = open('', ['request_events', 'approve_events'], serveWith(async (path, method) => {
      if (method === 'POST' && path === P.duplicate(1)) return { id: 9 };
      if (bare(path) === P.appointment(9)) return appointment({ id: 9, status: 'pre_scheduled' });
      if (bare(path) === P.history(9)) return [];
      return undefined;
    }));
    expect(await screen.findByRole('button', { name: 'Duplicar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar como modelo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/${NAME}/9`));
    expect(server).toHaveBeenCalledWith(P.duplicate(1), 'POST');
    expect(await screen.findByText('Agendamento duplicado')).toBeInTheDocument();
  });

  it('saves as a template with manage_models and opens the template', async () => {
    open('', ['manage_models', 'approve_events'], serveWith(async (path, method) => {
      if (method === 'POST' && path === P.saveAsTemplate(1)) return { id: 12 };
      if (bare(path) === P.appointment(12)) return appointment({ id: 12, is_template: true, status: 'pre_scheduled' });
      return undefined;
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar como modelo' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/${NAME}/12`));
    expect(await screen.findByText('Modelo')).toBeInTheDocument();
  });
});
