import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_RESOURCES, PRESENTIAL_PATHS, PRESENTIAL_TEST_TEMPLATE_PATHS as T, type ChoiceQuestion, type PresentialTestTemplate } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import type { WireAnswer } from '../../test/wireFakes.ts';
import { AppointmentEdit } from './AppointmentEdit.tsx';
import { appointment, bare, event, renderScreen } from './presentialTestKit.tsx';
import { NAME } from './presentialUi.ts';
import { TestTemplateEdit, testTemplatePayload } from './TestTemplateEdit.tsx';

const RESOURCE = ADMIN_RESOURCES.presential_test_templates.name;
const template: PresentialTestTemplate = { id: 7, title: 'Prova de vendas', minimum_score: 70, qty_questions: 1, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' };
const question: ChoiceQuestion = { id: 51, title: 'Qual o prazo?', is_mandatory: false, position: 0, alternatives: [{ id: 1, title: '7 dias', is_correct: true }, { id: 2, title: '30 dias', is_correct: false }] };

describe('face-to-face test templates (spec 1 §6.2 presential_test_templates)', () => {
  it('the editor: its data and its questions with alternatives (the shared choice questions)', async () => {
    const serve: WireAnswer = async (path) => (bare(path) === T.item(7) ? template : bare(path) === T.questions(7) ? [question] : undefined);
    renderScreen(<TestTemplateEdit />, { path: `/${RESOURCE}/7/questions`, route: `/${RESOURCE}/:id/*`, user: adminWith(['presential_test_templates']), serve, resource: RESOURCE });
    expect(await screen.findByText('Qual o prazo?')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Perguntas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Adicionar pergunta' })).toBeInTheDocument();
    expect(testTemplatePayload({ title: ' Prova ', minimum_score: '' })).toEqual({ title: 'Prova', minimum_score: null });
    expect(testTemplatePayload({ title: 'Prova', minimum_score: 60 })).toEqual({ title: 'Prova', minimum_score: 60 });
  });

  it('an event with a test takes a template from the Events tab (with the evaluations key)', async () => {
    const serve: WireAnswer = async (path, method) => {
      const at = bare(path);
      if (at === PRESENTIAL_PATHS.appointment(1)) return appointment();
      if (at === PRESENTIAL_PATHS.events(1)) return [event({ event_type: 'online_test' }), event({ id: 6, event_type: 'without_tests', date: '2026-12-11' })];
      if (at === T.choices) return [{ id: 7, title: 'Prova de vendas', qty_questions: 3 }];
      if (at === T.applyToEvent(5) && method === 'POST') return { id: 90 };
      return [];
    };
    const server = renderScreen(<AppointmentEdit />, {
      path: `/${NAME}/1/events`, route: `/${NAME}/:id/*`, serve, user: adminWith(['presential_edit_events', 'presential_edit_evaluations']),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Criar prova a partir de um modelo para o evento de 10/12/2026' }));
    // the event without tests offers none
    expect(screen.queryByRole('button', { name: 'Criar prova a partir de um modelo para o evento de 11/12/2026' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Modelo de prova'));
    await userEvent.click(await screen.findByRole('option', { name: 'Prova de vendas (3 perguntas)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar prova' }));
    await waitFor(() => expect(server).toHaveBeenCalledWith(T.applyToEvent(5), 'POST', { template_id: 7 }));
    expect(await screen.findByText('Prova "Prova de vendas" criada para o evento')).toBeInTheDocument();
  });

  it('without the evaluations key the Events tab offers no template', async () => {
    const serve: WireAnswer = async (path) => (bare(path) === PRESENTIAL_PATHS.appointment(1) ? appointment() : bare(path) === PRESENTIAL_PATHS.events(1) ? [event({ event_type: 'online_test' })] : []);
    renderScreen(<AppointmentEdit />, { path: `/${NAME}/1/events`, route: `/${NAME}/:id/*`, serve, user: adminWith(['presential_edit_events']) });
    expect(await screen.findByRole('button', { name: 'Editar o evento de 10/12/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /a partir de um modelo/ })).toBeNull();
  });
});
