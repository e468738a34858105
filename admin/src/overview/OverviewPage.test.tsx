import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { Overview, SessionUser } from '@lp/shared/contract';
import OverviewPage from './OverviewPage.tsx';
import { ContractHttpProvider } from '../common/http/index.ts';
import { authFor, i18n } from '../test/fixtures.ts';
import { adminWith } from '../test/userFixtures.ts';
import { wireHttp } from '../test/wireFakes.ts';

// the charts are SVG drawn from measured sizes, which jsdom has not: their data is the page's, shown in the cards and tables too
vi.mock('./OverviewCharts.tsx', () => ({ OverviewCharts: ({ data }: { data: Overview }) => <div data-testid="charts">{data.daily.length} days</div> }));

function overview(over: Partial<Overview> = {}): Overview {
  return {
    from: '2026-10-29', to: '2026-11-27',
    learners: { active: 1234, logins: 5678 },
    enrollments: { started: 40, started_completed: 10, completion_rate: 25, completions: 12 },
    certificates: { issued: 9, expiring: 3 },
    tests: { attempts: 20, average_score: 71.5 },
    trainings: {
      top: [{ id: 5, title: 'Vendas', enrollments: 10, completed: 8, completion_rate: 80 }],
      bottom: [{ id: 6, title: 'Compliance', enrollments: 30, completed: 2, completion_rate: 6.7 }],
    },
    webcasts: { count: 1, subscribers: 50, participants: 30, items: [{ id: 8, title: 'Lançamento', transmission_date: '2026-11-10T15:00:00Z', subscribers: 50, participants: 30 }] },
    pending: { users: 4 },
    in_progress: { imports: 1, reports: 2 },
    daily: [{ day: '2026-11-27', logins: 3, enrollments: 1, completions: 0 }],
    ...over,
  };
}

function renderPage(user: SessionUser, serve: (path: string) => Promise<unknown>) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ContractHttpProvider value={wireHttp(serve)}>
          <OverviewPage today="2026-11-27" />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const figure = (name: RegExp) => screen.findByRole('link', { name });

describe('OverviewPage (spec 1 §2.3 overview dashboard)', () => {
  it('shows the last 30 days’ figures with links into the filtered lists the admin may open', async () => {
    const serve = vi.fn(async () => overview());
    renderPage(adminWith(['overview', 'users', 'trainings', 'webcasts']), serve);
    expect(serve).toHaveBeenCalledWith('/admin_overview/overview/?from=2026-10-29&to=2026-11-27', 'GET');
    const figures = await screen.findByRole('region', { name: 'Números do período' });
    expect(within(figures).getByText('1.234')).toBeInTheDocument();
    expect(within(figures).getByText('5.678')).toBeInTheDocument();
    expect(within(figures).getByText('25 %')).toBeInTheDocument();
    expect(within(figures).getByText('10 das 40 matrículas do período concluídas')).toBeInTheDocument();
    expect(within(figures).getByText('71,5')).toBeInTheDocument();
    expect(within(figures).getByText('20 tentativas finalizadas')).toBeInTheDocument();
    // each count in its own plural form (issue #25 item 4)
    expect(within(figures).getByText('1 webcast, 50 inscrições')).toBeInTheDocument();

    // drill-downs: react-admin reads a list's filters from its URL
    const expiring = await figure(/^Certificados a vencer em 30 dias: 3$/);
    const expiringUrl = new URL(expiring.getAttribute('href')!, 'http://admin');
    expect(expiringUrl.pathname).toBe('/users');
    expect(JSON.parse(expiringUrl.searchParams.get('filter')!)).toEqual({ certificate_expires_within: 30 });
    expect(JSON.parse(expiringUrl.searchParams.get('displayedFilters')!)).toEqual({ certificate_expires_within: true });
    const pending = await figure(/^Usuários aguardando validação: 4$/);
    expect(JSON.parse(new URL(pending.getAttribute('href')!, 'http://admin').searchParams.get('filter')!)).toEqual({ status: 'awaiting_validation' });
    // imports are a superuser's screen: no link for this admin
    expect(screen.queryByRole('link', { name: /^Importações em andamento/ })).not.toBeInTheDocument();
    expect(within(figures).getByText('Importações em andamento')).toBeInTheDocument();

    // top and bottom trainings and the webcasts open their editors
    expect(screen.getByRole('link', { name: 'Vendas' })).toHaveAttribute('href', '/trainings/5');
    expect(within(screen.getByRole('table', { name: 'Menor conclusão' })).getByText('6,7 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lançamento' })).toHaveAttribute('href', '/webcasts/8');
    expect(screen.getByTestId('charts')).toHaveTextContent('1 days');
  });

  it('offers no link into a screen the admin may not open', async () => {
    renderPage(adminWith(['overview']), async () => overview());
    await screen.findByRole('region', { name: 'Números do período' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Vendas')).toBeInTheDocument();
  });

  it('asks again for another period, and checks a chosen one as the server does', async () => {
    const serve = vi.fn(async () => overview());
    renderPage(adminWith(['overview'], { is_superuser: true }), serve);
    await screen.findByRole('region', { name: 'Números do período' });
    expect(await figure(/^Importações em andamento: 1$/)).toHaveAttribute('href', '/admin-imports');

    await userEvent.click(screen.getByRole('button', { name: 'Últimos 7 dias' }));
    await waitFor(() => expect(serve).toHaveBeenLastCalledWith('/admin_overview/overview/?from=2026-11-21&to=2026-11-27', 'GET'));

    await userEvent.click(screen.getByRole('button', { name: 'Outro período' }));
    const from = screen.getByLabelText('De');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-01-01');
    expect(await screen.findByText('O período pode ter no máximo 366 dias.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(serve).toHaveBeenLastCalledWith('/admin_overview/overview/?from=2026-03-01&to=2026-11-27', 'GET'));
  });

  it('says so when the figures cannot be loaded', async () => {
    renderPage(adminWith(['overview']), async () => { throw new Error('down'); });
    expect(await screen.findByText('Não foi possível carregar os números. Tente novamente mais tarde.')).toBeInTheDocument();
  });
});
