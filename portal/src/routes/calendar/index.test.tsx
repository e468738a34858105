import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import Calendar from './index.tsx';

describe('learner calendar (spec 1 §2.2 calendar)', () => {
  it('heads the month with only its first letter raised (pt-br months are lower case in a date)', async () => {
    loggedIn();
    fakeApi({ 'GET /calendar/': [200, { start: '2026-11-01', end: '2026-12-05', results: [] }] });
    await renderWithApp(<Calendar today="2026-11-23" />, { path: '/calendar', locale: 'pt-br' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();
  });

  it('shows the month as a grid and a list, and moves month by month asking for each grid’s days', async () => {
    loggedIn();
    const { fetchMock } = fakeApi({
      'GET /calendar/': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const start = url.searchParams.get('start')!;
        const results = start === '2026-11-01'
          ? [
            { kind: 'activity_available', date: '2026-11-10', starts_at: null, title: 'Lesson 2', training: { id: 7, title: 'Sales' }, webcast_id: null, live_class_id: null, subscribed: false },
            { kind: 'webcast', date: null, starts_at: '2026-11-12T15:00:00Z', title: 'Launch live', training: null, webcast_id: 3, live_class_id: null, subscribed: true },
            { kind: 'live_class', date: null, starts_at: '2026-11-18T22:00:00Z', title: 'Store planning', training: null, webcast_id: null, live_class_id: 9, subscribed: true },
            { kind: 'training_unpublish', date: '2026-11-30', starts_at: null, title: 'Sales', training: { id: 7, title: 'Sales' }, webcast_id: null, live_class_id: null, subscribed: false },
          ]
          : [];
        return [200, { start, end: url.searchParams.get('end'), results }];
      },
    });
    await renderWithApp(<Calendar today="2026-11-23" />, { path: '/calendar', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    // the page's first call waits for its access token (restored from the refresh cookie)
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const first = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(first.searchParams)).toEqual({ start: '2026-11-01', end: '2026-12-05' });

    const list = await screen.findByRole('region', { name: 'This month' });
    expect(await within(list).findByRole('link', { name: 'Lesson 2 opens (Sales)' })).toHaveAttribute('href', '/courses/7');
    expect(within(list).getByRole('link', { name: 'Webinar: Launch live' })).toHaveAttribute('href', '/webcasts/3');
    expect(within(list).getByRole('link', { name: 'Live class: Store planning' })).toHaveAttribute('href', '/live_classes/9');
    expect(within(list).getAllByText('Subscribed')).toHaveLength(2);
    // spec 4 "Dates": a transmission's time as HH:mm (24-hour clock, whatever the language), in the viewer's zone
    expect(list.querySelector('time[datetime="2026-11-12T15:00:00Z"]')!.textContent).toMatch(/^\d\d:00$/);
    expect(within(list).getByRole('link', { name: 'Last day of Sales' })).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'November 2026' });
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(within(grid).getByText('23').closest('td')).toHaveAttribute('aria-current', 'date');
    expect(within(grid).getAllByText('Items: 1')).toHaveLength(4);

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing scheduled this month.')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toEqual({ start: '2026-11-29', end: '2027-01-02' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'October 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
  });
});
