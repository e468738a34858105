import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { trailCard } from '../../test/learning-fixtures.ts';

describe('trails list (spec 2 §2.1, spec 1 §2.2 filters)', () => {
  // the filters are kept in sessionStorage per list
  beforeEach(() => sessionStorage.clear());

  it('shows trail cards with progress and sends the filters kept for this list', async () => {
    loggedIn();
    const { fetchMock } = fakeApi({
      'GET /trails/': [200, { count: 2, results: [trailCard(), trailCard({ id: 4, title: 'Leadership', is_mandatory: true, status: 'not_started', percent: 0, training_quantity: 1, qty_items: 1 })] }],
      'GET /lookups/areas/': [200, []],
      'GET /lookups/user_groups/': [200, []],
    });
    await renderWithApp(undefined, { path: '/trails', locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Store onboarding' });
    expect(within(card).getByRole('link', { name: 'Store onboarding' })).toHaveAttribute('href', '/trails/3');
    expect(within(card).getByText('2 modules')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(screen.getByRole('article', { name: 'Leadership' })).getByText('Mandatory')).toBeInTheDocument();
    // counts take their plural form: one module, two trails
    expect(within(screen.getByRole('article', { name: 'Leadership' })).getByText('1 module')).toBeInTheDocument();
    expect(screen.getByText('2 trails')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Progress' }), 'finished');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url)))
      .toContain('/api/trails/?progress=finished&favorite=all&page=1&page_size=12'));
    expect(JSON.parse(sessionStorage.getItem('learning-filters:trails:3:1')!).progress).toBe('finished');
  });

  it('tells an empty list from an empty filter', async () => {
    loggedIn();
    fakeApi({ 'GET /trails/': [200, { count: 0, results: [] }], 'GET /lookups/areas/': [200, []], 'GET /lookups/user_groups/': [200, []] });
    await renderWithApp(undefined, { path: '/trails', locale: 'en' });
    expect(await screen.findByText('No trails available at the moment')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Favorites' }), 'favorites');
    expect(await screen.findByText('No trails found with this filter')).toBeInTheDocument();
  });
});
