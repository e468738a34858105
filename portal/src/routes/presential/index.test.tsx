import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { presentialCard } from '../../test/presential-fixtures.ts';

describe('face-to-face list (spec 1 §2.2 presential, spec 3 §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('shows each training with its days, place, seats, how the learner stands, and the menu entry', async () => {
    fakeApi({
      'GET /presential/': [200, { count: 2, results: [
        presentialCard(),
        presentialCard({ id: 6, title: 'Sales techniques', first_date: '2026-12-12', last_date: '2026-12-12', events_count: 1, progress: 'ongoing', enrollment_status: 'awaiting_cancellation', vacancies: 0 }),
      ] }],
    });
    await renderWithApp(undefined, { path: '/presential', locale: 'en' });
    const open = await screen.findByRole('article', { name: 'Customer service in the store' });
    expect(within(open).getByRole('link', { name: 'Customer service in the store' })).toHaveAttribute('href', '/presential/5');
    expect(within(open).getByText('From 12-10-2026 to 12-17-2026', { exact: false })).toBeInTheDocument();
    expect(within(open).getByText('12 seats left')).toBeInTheDocument();
    expect(within(open).getByText('2 sessions')).toBeInTheDocument();
    const mine = screen.getByRole('article', { name: 'Sales techniques' });
    expect(within(mine).getByText('Enrolled')).toBeInTheDocument();
    expect(within(mine).getByText('Cancellation under review')).toBeInTheDocument();
    expect(within(mine).queryByText('No vacancy')).not.toBeInTheDocument();
    expect(screen.getByText('2 trainings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Face-to-face' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends search, progress and favorite and keeps them for the list; the star marks a favourite', async () => {
    const { fetchMock } = fakeApi({
      'GET /presential/': [200, { count: 1, results: [presentialCard()] }],
      'POST /presential/5/favorite/': [200, { favorite: true }],
    });
    const { unmount } = await renderWithApp(undefined, { path: '/presential', locale: 'en' });
    await screen.findByRole('article', { name: 'Customer service in the store' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Progress' }), 'ongoing');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/presential/?progress=ongoing&favorite=all&page=1&page_size=12'));
    expect(JSON.parse(sessionStorage.getItem('learning-filters:presential:3:1')!)).toMatchObject({ progress: 'ongoing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Customer service in the store to favourites' }));
    expect(await screen.findByRole('button', { name: 'Remove Customer service in the store from favourites' })).toHaveAttribute('aria-pressed', 'true');

    unmount();
    fetchMock.mockClear();
    await renderWithApp(undefined, { path: '/presential', locale: 'en' });
    await screen.findByRole('article', { name: 'Customer service in the store' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/presential/?progress=ongoing&favorite=all&page=1&page_size=12');
  });

  it('tells an empty list from an empty filter', async () => {
    fakeApi({ 'GET /presential/': [200, { count: 0, results: [] }] });
    await renderWithApp(undefined, { path: '/presential', locale: 'en' });
    expect(await screen.findByText('No face-to-face trainings available at the moment')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'sales{enter}');
    expect(await screen.findByText('No trainings found with this filter')).toBeInTheDocument();
  });
});
