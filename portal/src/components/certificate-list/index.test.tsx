import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { certificate } from '../../test/learning-fixtures.ts';

const page = (ids: number[], count: number) => ({
  count,
  results: ids.map((id) => certificate({ id, title: `Course ${id}`, ...(id === 2 ? { status: 'expired' as const, expires_at: '2026-01-10T12:00:00Z' } : {}) })),
});

describe('profile certificates tab (spec 1 §2.2, spec 2 §3.9)', () => {
  it('lists certificates with status and dates, and loads more', async () => {
    loggedIn();
    // fakeApi routes by path: the page asked for is read from the URL of the call being answered
    const { fetchMock } = fakeApi({
      'GET /certificates/': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        return [200, url.searchParams.get('page') === '2' ? page([11], 11) : page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 11)];
      },
    });
    await renderWithApp(undefined, { path: '/profile/certificates', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Course 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Certificates' })).toHaveAttribute('aria-current', 'page');
    const expired = screen.getByRole('listitem', { name: 'Course 2' });
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    // spec 1 §9: English (language 2) shows MM-DD-YYYY
    expect(within(expired).getByText('01-10-2026')).toBeInTheDocument();
    expect(within(expired).getByText(/take the content again/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Course 1' })).getByText('Valid')).toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 11 certificates')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Course 11' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11 of 11 certificates')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/certificates/'));
    expect(urls).toEqual(['/api/certificates/?page=1&page_size=10', '/api/certificates/?page=2&page_size=10']);
    expect(within(screen.getByRole('listitem', { name: 'Course 1' })).getByRole('link', { name: /verification link/i }))
      .toHaveAttribute('href', 'http://localhost:3000/certificates/verify/ABC123');
  });

  it('downloads the PDF as a blob with the bearer token (never a token in a link)', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /certificates/': [200, page([1], 1)],
      'GET /certificates/1/pdf/': [200, '%PDF-1.7'],
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:certificate');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this); });
    await renderWithApp(undefined, { path: '/profile/certificates', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download the PDF certificate of Course 1' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('certificate-1.pdf');
    expect(clicked[0]!.href).toBe('blob:certificate');
    expect(createObjectURL.mock.calls[0]![0].size).toBeGreaterThan(0);
    const pdf = calls.find((c) => c.path === '/certificates/1/pdf/')!;
    expect(pdf.headers.get('Authorization')).toBe('Bearer access');
  });

  it('says when a download fails and when there is nothing yet', async () => {
    loggedIn();
    fakeApi({
      'GET /certificates/': [200, page([1], 1)],
      'GET /certificates/1/pdf/': [500, { detail: 'boom', code: 'unexpected_error' }],
    });
    await renderWithApp(undefined, { path: '/profile/certificates', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download the PDF certificate of Course 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File download fail');
  });

  it('shows an empty list message', async () => {
    loggedIn();
    fakeApi({ 'GET /certificates/': [200, { count: 0, results: [] }] });
    await renderWithApp(undefined, { path: '/profile/certificates', locale: 'en' });
    expect(await screen.findByText(/You have no certificates yet/)).toBeInTheDocument();
  });
});
