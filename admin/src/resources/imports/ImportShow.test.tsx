import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type ImportRecord } from '@lp/shared/contract';
import { ImportShow } from './ImportShow.tsx';
import { importLog, importRecord } from './importFixtures.ts';
import { toHttpError } from '../../dataProvider.ts';

const LOGS = 'admin-imports/7/logs';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.imports.name;

const logs = [
  importLog(),
  importLog({ id: 2, log_type: 'success', line: 4, field: null, code: 'created', content: 'Usuário criado' }),
];

function renderShow(records: ImportRecord[], processImport?: (id: number) => unknown) {
  let call = 0;
  // each read answers the next state; the last one repeats
  const getOne = vi.fn(async () => ({ data: records[Math.min(call++, records.length - 1)]! }));
  const getList = vi.fn(async (resource: string) => {
    if (resource !== LOGS) throw new Error(`unexpected ${resource}`);
    return { data: logs, total: logs.length };
  });
  const dataProvider = testDataProvider({ getOne, getList } as Partial<DataProvider>);
  const { http } = fakeHttp(({ method, path }) => {
    const process = /^\/admin_imports\/imports\/(\d+)\/process\/$/.exec(path);
    if (method === 'POST' && process && processImport) return processImport(Number(process[1]));
    throw new Error(`unexpected ${method} ${path}`);
  });
  render(
    <MemoryRouter initialEntries={[`/${RESOURCE}/7/show`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/:id/show`} element={<ImportShow />} />
            </Routes>
          </ResourceContextProvider>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { getOne, getList };
}

const processButton = () => screen.findByRole('button', { name: 'Processar' });

afterEach(() => {
  vi.useRealTimers();
});

describe('ImportShow', () => {
  it('polls every 2 s while processing and stops once finalized', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = { status: 'processing', phase: 'process', finished_at: null } as const;
    const { getOne } = renderShow([
      importRecord({ ...running, processed_rows: 5 }),
      importRecord({ ...running, processed_rows: 8 }),
      importRecord({ status: 'finalized' }),
    ]);
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByText('Processamento')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso' })).toHaveAttribute('aria-valuenow', '50');

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('80%')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Finalizado')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const reads = getOne.mock.calls.length;
    expect(reads).toBe(3);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getOne).toHaveBeenCalledTimes(reads);
  });

  it('shows the logs (line, log type, field, content) paged by the server and filtered by log type', async () => {
    const { getList } = renderShow([importRecord()]);
    const row = (await screen.findByText('Endereço de e-mail inválido')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Erro')).toBeInTheDocument();
    expect(within(row).getByText('email')).toBeInTheDocument();
    expect(screen.getByText('Usuário criado').closest('tr')).toHaveTextContent('Sucesso');
    expect(getList).toHaveBeenCalledWith(
      LOGS,
      expect.objectContaining({ filter: {}, pagination: { page: 1, perPage: 5 } }),
    );
    expect(within(row).getByText('Usuários')).toBeInTheDocument();
    for (const header of ['Tipo de importação', 'Linha', 'Tipo de registro', 'Campo', 'Conteúdo']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de registro' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Erro' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        LOGS,
        expect.objectContaining({ filter: { log_type: 'error' } }),
      ),
    );
  });

  it('keeps "Process" disabled unless the import is validated', async () => {
    renderShow([importRecord({ status: 'awaiting', phase: 'validate', total_rows: null, processed_rows: 0 })]);
    expect(await processButton()).toBeDisabled();
  });

  it('processes a validated import after confirmation, then polls the processing', async () => {
    const processImport = vi.fn(async (_id: number) => importRecord({ status: 'processing', phase: 'process', processed_rows: 0 }));
    const { getOne } = renderShow(
      [
        importRecord({ status: 'validated', phase: null, processed_rows: 10, finished_at: null }),
        importRecord({ status: 'processing', phase: 'process', processed_rows: 0, finished_at: null }),
      ],
      processImport,
    );
    expect(await screen.findByText(/Validação concluída/)).toBeInTheDocument();
    const button = await processButton();
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Processar a importação #7 (usuarios.xlsx)?');
    expect(processImport).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(processImport).toHaveBeenCalledWith(7));
    expect(await screen.findByText('Processamento iniciado. Você será notificado ao final.')).toBeInTheDocument();
    expect(await screen.findByText('Processando')).toBeInTheDocument();
    expect(getOne.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(await processButton()).toBeDisabled();
  });

  it('says a validated import with errors can be processed and will leave those rows out', async () => {
    renderShow([importRecord({ status: 'validated', phase: null, error_count: 2, finished_at: null })]);
    expect(await screen.findByText(/Validação concluída com 2 linhas com erro, listadas abaixo/)).toBeInTheDocument();
    expect(await processButton()).toBeEnabled();
  });

  it('a finished import says "N rows imported, M with errors", pluralised (issue 25 item 5)', async () => {
    renderShow([importRecord({ status: 'with_errors', phase: null, created_count: 40, updated_count: 7, error_count: 3 })]);
    expect(await screen.findByTestId('import-summary')).toHaveTextContent('47 linhas importadas, 3 com erros');
    cleanup();
    renderShow([importRecord({ status: 'finalized', phase: null, created_count: 1, updated_count: 0, error_count: 0 })]);
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(/^1 linha importada$/);
  });

  it('says why when the server refuses to process (409 invalid_status_transition)', async () => {
    const processImport = vi.fn(async () => {
      throw toHttpError(409, { detail: 'not validated', code: 'invalid_status_transition' });
    });
    renderShow([importRecord({ status: 'validated', finished_at: null })], processImport);
    await userEvent.click(await processButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Esta importação só pode ser processada depois de validada.')).toBeInTheDocument();
  });
});
