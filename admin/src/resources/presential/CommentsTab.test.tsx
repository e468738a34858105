import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESENTIAL_PATHS, commentsListPath, publishCommentPath } from '@lp/shared/contract';
import { adminWith } from '../../test/userFixtures.ts';
import type { WireAnswer } from '../../test/wireFakes.ts';
import { AppointmentEdit } from './AppointmentEdit.tsx';
import { appointment, bare, event, renderScreen } from './presentialTestKit.tsx';
import { NAME } from './presentialUi.ts';

const P = PRESENTIAL_PATHS;
const COMMENT = { id: 11, user: { id: 7, full_name: 'Lara Learner' }, stars: 4, comment: 'Ótima turma', status: 1 };

/** one appointment with two events; each event's own comments */
const serve: WireAnswer = async (path, method) => {
  const at = bare(path);
  if (at === P.appointment(1) && method === 'GET') return appointment();
  if (at === P.history(1)) return [];
  if (at === P.events(1) && method === 'GET') return [event(), event({ id: 6, date: '2026-12-11', location_name: 'Sala 2' })];
  if (at === commentsListPath('presential', 5)) return [COMMENT];
  if (at === commentsListPath('presential', 6)) return [{ ...COMMENT, id: 12, user: { id: 8, full_name: 'Rui Rocha' } }];
  if (method === 'POST') return { ...COMMENT, status: 2 };
  return [];
};
const open = (slugs: string[]) =>
  renderScreen(<AppointmentEdit />, { path: `/${NAME}/1/comments`, route: `/${NAME}/:id/*`, user: adminWith(slugs), serve });
const table = () => screen.findByRole('table', { name: 'Comentários' });

describe('appointment Comments tab (spec 3 §2, §7 origin presential)', () => {
  it('lists the picked event\'s comments and publishes through the event\'s moderation path', async () => {
    const server = open(['presential_edit_evaluations']);
    expect(await within(await table()).findByText('Lara Learner')).toBeInTheDocument();

    await userEvent.click(within(await table()).getByRole('button', { name: 'Editar comentário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Moderar comentário' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Não publicado' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(server.mock.calls.some(([path, method]) => method === 'POST' && bare(path) === publishCommentPath('presential', 5))).toBe(true));
    const [, , body] = server.mock.calls.find(([path, method]) => method === 'POST' && bare(path) === publishCommentPath('presential', 5))!;
    expect(Object.fromEntries((body as FormData).entries())).toEqual({ status: '2', id: '11' });

    // another event: its own comments
    await userEvent.click(screen.getByRole('combobox', { name: 'Evento' }));
    await userEvent.click(await screen.findByRole('option', { name: /2026-12-11/ }));
    expect(await within(await table()).findByText('Rui Rocha')).toBeInTheDocument();
  });

  it('is read-only with full view but without presential_edit_evaluations', async () => {
    open(['presential_full_view']);
    await within(await table()).findByText('Lara Learner');
    expect(within(await table()).getByRole('button', { name: 'Editar comentário' })).toBeDisabled();
  });
});
