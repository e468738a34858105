import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { reply, topic } from '../../test/learning-fixtures.ts';
import { TrainingForum } from './index.tsx';

const T = '/group_trainings/7/forum/topics';

async function open(routes: Parameters<typeof fakeApi>[0]) {
  loggedIn();
  const api = fakeApi(routes);
  await renderWithApp(<TrainingForum trainingId={7} />, { locale: 'en' });
  return api;
}

describe('training forum, learner side (spec 2 §3.10, §4.11)', () => {
  it('lists topics and opens one with its replies; likes and reports it', async () => {
    const { calls } = await open({
      [`GET ${T}/`]: [200, { count: 2, results: [topic(), topic({ id: 12, title: 'Old news', status: 4, qty_answers: 0 })] }],
      [`GET ${T}/11/`]: [200, topic()],
      [`GET ${T}/11/answers/`]: [200, { count: 1, results: [reply()] }],
      [`POST ${T}/11/like/`]: [200, topic({ liked: true, likes: 3 })],
      [`POST ${T}/11/report/`]: [200, topic({ liked: true, likes: 3, report: true })],
      [`POST ${T}/11/answers/51/like/`]: [200, reply({ liked: true, likes: 1 })],
    });
    const closed = (await screen.findByRole('button', { name: 'Old news' })).closest('li')!;
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    // spec 1 §9: English dates MM-DD-YYYY
    expect(screen.getByText(/Lia Learner · 11-20-2026 \d\d:30 · 1 reply · 2 likes/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Where are the slides?' }));
    const heading = await screen.findByRole('heading', { name: 'Where are the slides?' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('I cannot find them.')).toBeInTheDocument();
    expect(await screen.findByText('Under materials.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Like (2)' }));
    expect(await screen.findByRole('button', { name: 'Like (3)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Report topic' }));
    expect(await screen.findByText('Report sent. A moderator will review it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Like the reply of Ivo Instructor (0)' }));
    expect(await screen.findByRole('button', { name: 'Like the reply of Ivo Instructor (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${T}/11/like/`, `${T}/11/report/`, `${T}/11/answers/51/like/`]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the topics' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Where are the slides?' })).toHaveFocus());
  });

  it('creates a topic (subject required) and opens it', async () => {
    let created = false;
    const { calls } = await open({
      [`GET ${T}/`]: () => [200, created ? { count: 1, results: [topic({ id: 13, title: 'Shifts', qty_answers: 0 })] } : { count: 0, results: [] }],
      [`POST ${T}/`]: () => {
        created = true;
        return [201, topic({ id: 13, title: 'Shifts', text: '', qty_answers: 0 })];
      },
      [`GET ${T}/13/`]: [200, topic({ id: 13, title: 'Shifts', text: '', qty_answers: 0 })],
      [`GET ${T}/13/answers/`]: [200, { count: 0, results: [] }],
    });
    expect(await screen.findByText('No topics yet. Start a conversation!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New topic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish topic' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Subject'), '  Shifts  ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish topic' }));
    expect(await screen.findByRole('heading', { name: 'Shifts' })).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ title: 'Shifts' });
  });

  it('replies to an open topic', async () => {
    let replied = false;
    const { calls } = await open({
      [`GET ${T}/`]: [200, { count: 1, results: [topic()] }],
      [`GET ${T}/11/`]: () => [200, topic({ qty_answers: replied ? 2 : 1 })],
      [`GET ${T}/11/answers/`]: () => [200, replied
        ? { count: 2, results: [reply(), reply({ id: 52, text: 'Thanks!', author: { id: 3, name: 'Lia Learner', author_image: null } })] }
        : { count: 1, results: [reply()] }],
      [`POST ${T}/11/answers/`]: () => {
        replied = true;
        return [201, reply({ id: 52, text: 'Thanks!' })];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Where are the slides?' }));
    // opening a topic moves the focus to its title first
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Where are the slides?' })).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Your reply'), 'Thanks!\r\n');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Reply published.')).toBeInTheDocument();
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ text: 'Thanks!' });
  });

  it('a closed topic takes no reply, and a reply refused as closed says "Topic closed"', async () => {
    let status = 1;
    await open({
      [`GET ${T}/`]: [200, { count: 2, results: [topic(), topic({ id: 12, title: 'Old news', status: 4 })] }],
      [`GET ${T}/11/`]: () => [200, topic({ status })],
      [`GET ${T}/12/`]: [200, topic({ id: 12, title: 'Old news', status: 4 })],
      [`GET ${T}/11/answers/`]: [200, { count: 0, results: [] }],
      [`GET ${T}/12/answers/`]: [200, { count: 0, results: [] }],
      [`POST ${T}/11/answers/`]: () => {
        status = 4;
        return [409, { detail: 'Topic closed', code: 'topic_closed' }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Old news' }));
    expect(await screen.findByText('Topic closed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the topics' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Where are the slides?' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Where are the slides?' })).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Your reply'), 'Late answer');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Topic closed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument());
  });
});
