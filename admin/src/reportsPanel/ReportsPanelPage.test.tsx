import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { Overview } from '@lp/shared/contract';
import ReportsPanelPage from './ReportsPanelPage.tsx';
import { ContractHttpProvider } from '../common/http/index.ts';
import { authFor, i18n } from '../test/fixtures.ts';
import { adminWith } from '../test/userFixtures.ts';
import { wireDataProvider, wireHttp } from '../test/wireFakes.ts';
import type { ChartTable } from '../overview/chartData.ts';

// the charts are SVG drawn from measured sizes, which jsdom has not: each stand-in lists the rows of the table it was given
vi.mock('../overview/OverviewCharts.tsx', () => {
  const Rows = ({ table, id }: { table: ChartTable; id: string }) => (
    <ul data-testid={id}>{table.rows.map((row) => <li key={row.join('|')}>{row.join(' | ')}</li>)}</ul>
  );
  return {
    chartHeight: () => 300,
    DailyChart: ({ table }: { table: ChartTable }) => <Rows table={table} id="daily" />,
    TrainingsChart: ({ table }: { table: ChartTable }) => <Rows table={table} id="trainings" />,
    WebcastsChart: ({ table }: { table: ChartTable }) => <Rows table={table} id="webcasts" />,
  };
});

function panel(over: Partial<Overview> = {}): Overview {
  return {
    from: '2026-10-29', to: '2026-11-27',
    learners: { active: 123, logins: 456 },
    enrollments: { started: 40, started_completed: 10, completion_rate: 25, completions: 12 },
    certificates: { issued: 9, expiring: 3 },
    tests: { attempts: 20, average_score: 71.5 },
    trainings: {
      top: [{ id: 5, title: '=Vendas', enrollments: 10, completed: 8, completion_rate: 80 }],
      bottom: [{ id: 6, title: 'Compliance; 2026', enrollments: 30, completed: 2, completion_rate: 6.7 }],
    },
    webcasts: { count: 1, subscribers: 50, participants: 30, items: [{ id: 8, title: 'Lançamento', transmission_date: '2026-11-10T15:00:00.000Z', subscribers: 50, participants: 30 }] },
    pending: { users: 4 },
    in_progress: { imports: 1, reports: 2 },
    daily: [{ day: '2026-11-26', logins: 3, enrollments: 1, completions: 0 }, { day: '2026-11-27', logins: 5, enrollments: 2, completions: 1 }],
    ...over,
  };
}

const LOOKUPS = {
  areas: [{ id: 3, name: 'Norte' }, { id: 4, name: 'Sul' }],
  profiles: [{ id: 7, name: 'Vendedor', email_domains: [] }],
  user_groups: [{ id: 9, name: 'Gerentes' }],
  branches: [{ id: 11, name: 'Loja Centro' }],
  headquarters: [{ id: 21, name: 'Rede Um' }],
};

function renderPanel(answer: (path: string) => Promise<unknown>) {
  const serve = vi.fn(async (path: string) => {
    if (path.startsWith('/lookups/')) {
      const names = new URLSearchParams(path.split('?')[1]).get('names')?.split(',') ?? [path.split('/')[2]!];
      return names.length === 1 && !path.includes('?') ? LOOKUPS[names[0] as keyof typeof LOOKUPS] : Object.fromEntries(names.map((n) => [n, LOOKUPS[n as keyof typeof LOOKUPS]]));
    }
    return answer(path);
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={wireDataProvider(serve)} i18nProvider={i18n()} authProvider={authFor(adminWith(['reports_panel', 'users', 'trainings']))}>
        <ContractHttpProvider value={wireHttp(serve)}>
          <ReportsPanelPage today="2026-11-27" />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return serve;
}

/** A blob's text as written, byte-order mark included (jsdom's Blob has no text()). */
const textOf = (blob: Blob) => new Promise<string>((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
  reader.readAsArrayBuffer(blob);
});

const panelCalls = (serve: ReturnType<typeof renderPanel>) => serve.mock.calls.map(([path]) => path).filter((path) => path.startsWith('/admin_overview/panel/'));

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('BI panel (spec 1 §6.2 reports_panel)', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('asks for the figures of the people of each filter chosen, and of everyone again when cleared', async () => {
    const serve = renderPanel(async () => panel());
    expect(await screen.findByText('Números de todas as pessoas do cliente; escolha filtros para restringir.', { exact: false })).toBeInTheDocument();
    expect(panelCalls(serve)).toEqual(['/admin_overview/panel/?from=2026-10-29&to=2026-11-27']);
    // the figures about people, without drill-downs into lists the filters do not narrow
    const figures = screen.getByRole('region', { name: 'Números do período' });
    expect(within(figures).getByText('456')).toBeInTheDocument();
    expect(within(figures).queryByText('Importações em andamento')).not.toBeInTheDocument();
    expect(within(figures).queryByRole('link')).not.toBeInTheDocument();

    await choose('Áreas', 'Norte');
    await waitFor(() => expect(panelCalls(serve).at(-1)).toBe('/admin_overview/panel/?from=2026-10-29&to=2026-11-27&areas=3'));
    await choose('Áreas', 'Sul');
    await waitFor(() => expect(panelCalls(serve).at(-1)).toBe('/admin_overview/panel/?from=2026-10-29&to=2026-11-27&areas=3%2C4'));
    await choose('Perfis', 'Vendedor');
    await choose('Grupos de usuários', 'Gerentes');
    await choose('Lojas/filiais', 'Loja Centro');
    await choose('Redes/empresas', 'Rede Um');
    await waitFor(() => expect(panelCalls(serve).at(-1))
      .toBe('/admin_overview/panel/?from=2026-10-29&to=2026-11-27&areas=3%2C4&profiles=7&groups=9&branches=11&headquarters=21'));
    expect(await screen.findByText('Números das pessoas dos filtros escolhidos.', { exact: false })).toBeInTheDocument();

    // the period goes along with the filters
    await userEvent.click(screen.getByRole('button', { name: 'Últimos 7 dias' }));
    await waitFor(() => expect(panelCalls(serve).at(-1))
      .toBe('/admin_overview/panel/?from=2026-11-21&to=2026-11-27&areas=3%2C4&profiles=7&groups=9&branches=11&headquarters=21'));

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(panelCalls(serve).at(-1)).toBe('/admin_overview/panel/?from=2026-11-21&to=2026-11-27'));
  });

  it('exports the data each chart shows as CSV, formula-like texts escaped', async () => {
    const blobs: Blob[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:panel'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    renderPanel(async () => panel());

    // what the charts were given
    expect(await screen.findByTestId('daily')).toHaveTextContent('2026-11-26 | 3 | 1 | 0');
    expect(screen.getByTestId('trainings')).toHaveTextContent('=Vendas | 10 | 8 | 80');

    await userEvent.click(screen.getByRole('button', { name: 'Exportar os dados de “Atividade por dia” em CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exportar os dados de “Taxa de conclusão dos treinamentos com melhor e pior resultado” em CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exportar os dados de “Participação nos webcasts” em CSV' }));
    expect(created).toHaveBeenCalledTimes(3);
    expect(names).toEqual(['daily_2026-10-29_2026-11-27.csv', 'trainings_2026-10-29_2026-11-27.csv', 'webcasts_2026-10-29_2026-11-27.csv']);
    const [daily, trainings, webcasts] = await Promise.all(blobs.map(textOf));
    // pt-BR: ';' between fields, decimal comma; a byte-order mark for spreadsheet programs
    expect(daily).toBe('\uFEFFDia;Acessos;Matrículas;Conclusões\r\n2026-11-26;3;1;0\r\n2026-11-27;5;2;1\r\n');
    expect(trainings).toBe('\uFEFFTreinamento;Matrículas;Concluídas;Taxa de conclusão\r\n\'=Vendas;10;8;80\r\n"Compliance; 2026";30;2;6,7\r\n');
    expect(webcasts).toBe('\uFEFFWebcast;Transmissão;Inscritos;Participaram\r\nLançamento;2026-11-10T15:00:00.000Z;50;30\r\n');
  });

  it('offers no export of a chart without data', async () => {
    renderPanel(async () => panel({ webcasts: { count: 0, subscribers: 0, participants: 0, items: [] } }));
    expect(await screen.findByRole('button', { name: 'Exportar os dados de “Participação nos webcasts” em CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar os dados de “Atividade por dia” em CSV' })).toBeEnabled();
  });
});
