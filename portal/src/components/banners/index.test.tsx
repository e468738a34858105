import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BANNER_PATHS, type LearnerBanner } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { dashboard } from '../../test/learning-fixtures.ts';

const banner = (id: number, extra: Partial<LearnerBanner> = {}): LearnerBanner => ({
  id, banner_type: 'top', title: `Banner ${id}`, desktop_image: `/media/images/banners/${id}/d.png`, mobile_image: `/media/images/banners/${id}/m.png`,
  button_label: '', url: '', background_color: '#ffffff', text_color: '#111111', order: id, ...extra,
});

async function home(banners: LearnerBanner[]) {
  loggedIn();
  fakeApi({
    'GET /home/': [200, dashboard()],
    [`GET ${BANNER_PATHS.learnerBanners}`]: [200, { count: banners.length, results: banners }],
  });
  await renderWithApp(undefined, { path: '/home', locale: 'en' });
}

describe('banners on the home (spec 3 §3 top, card, campaign; desktop and mobile images)', () => {
  it('shows the top banners one at a time, and the cards and campaigns in their places', async () => {
    await home([
      banner(1, { button_label: 'See the courses', url: `${window.location.host}/courses` }),
      banner(2, { url: 'https://shop.example.com/sale' }),
      banner(3, { banner_type: 'card', title: 'Onboarding trail' }),
      banner(4, { banner_type: 'campaign', title: 'Black Friday' }),
    ]);
    const top = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(top).getByRole('img', { name: 'Banner 1' })).toHaveAttribute('src', '/media/images/banners/1/d.png');
    // phones take the mobile image
    expect(top.querySelector('source')).toHaveAttribute('srcset', '/media/images/banners/1/m.png');
    expect(within(top).getByRole('link', { name: 'See the courses' })).toHaveAttribute('href', '/courses');
    expect(within(top).getByText('1 of 2')).toBeInTheDocument();

    await userEvent.click(within(top).getByRole('button', { name: 'Next banner' }));
    // a banner without a button label is a link as a whole; another site opens in a new tab
    const external = within(top).getByRole('link', { name: 'Banner 2' });
    expect(external).toHaveAttribute('href', 'https://shop.example.com/sale');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');

    expect(within(screen.getByRole('region', { name: 'Banners' })).getByRole('img', { name: 'Onboarding trail' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Campaigns' })).getByRole('img', { name: 'Black Friday' })).toBeInTheDocument();
  });

  it('shows no banner regions when there are none', async () => {
    await home([]);
    await screen.findByRole('region', { name: 'Next steps' });
    expect(screen.queryByRole('region', { name: 'Highlights' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Campaigns' })).not.toBeInTheDocument();
  });
});
