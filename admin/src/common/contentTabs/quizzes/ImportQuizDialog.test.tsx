import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, Notification } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { apiClient } from '../../../apiClient.ts';
import { ImportQuizDialog } from './ImportQuizDialog.tsx';
import { dataProviderWith } from './quizFixtures.ts';
import { i18n, sessionUser } from '../../../test/fixtures.ts';
import { withCascadedStyles } from '../../../test/fastComputedStyle.ts';
import { mockHttp, type CallMocks } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../http/index.ts';

interface FakeUploadOptions {
  metadata: Record<string, string>;
  onSuccess(payload?: unknown): void;
}

// tus-js-client is replaced at the module boundary: the test finishes the upload itself
const tus = vi.hoisted(() => ({ uploads: [] as Array<{ file: File; options: FakeUploadOptions; url: string | null; abort: ReturnType<typeof vi.fn> }> }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    constructor(public file: File, public options: FakeUploadOptions) {
      tus.uploads.push(this as never);
    }
    async findPreviousUploads() {
      return [];
    }
  },
}));
vi.mock('../../../apiClient.ts', () => ({ apiClient: { request: vi.fn() } }));
const request = vi.mocked(apiClient.request);

afterEach(() => {
  tus.uploads.length = 0;
  request.mockReset();
});

const ANSWERS = GROUP_TRAINING_TESTS.answersField;
const ROWS = [
  { id: 1, line: 2, title: `Qual é a capital do Brasil? ${'x'.repeat(150)}`, is_mandatory: true, error: false, errors: [],
    [ANSWERS]: [{ title: 'Brasília', is_correct: true }, { title: 'Rio', is_correct: false }] },
  { id: 2, line: 3, title: 'Só uma alternativa', is_mandatory: true, error: true, errors: ['question_needs_two_alternatives'],
    [ANSWERS]: [{ title: 'A', is_correct: true }] },
];

function renderDialog(serveForm: ReturnType<typeof vi.fn>, serveJson = vi.fn(async () => ({ created: 1, skipped: 1 }))) {
  updateSession(localStorage, { signed_in: true, user: sessionUser({ id: 2 }) });
  const onImported = vi.fn();
  render(
    <AdminContext dataProvider={dataProviderWith({ serveForm, serveJson })} i18nProvider={i18n()}>
      <ContractHttpProvider value={mockHttp({ serveForm, serveJson } as unknown as CallMocks)}>
        <ImportQuizDialog owner={GROUP_TRAINING_TESTS} testId={31} onClose={vi.fn()} onImported={onImported} />
        <Notification />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { onImported, serveJson };
}

const dialog = () => screen.getByRole('dialog', { name: 'Importar prova' });
const uploadButton = () => within(dialog()).getByRole('button', { name: 'Enviar prova' });

async function chooseAndFinish(name = 'prova.xlsx') {
  await userEvent.upload(within(dialog()).getByLabelText('Arquivo da prova (.xlsx)'), new File(['xlsx'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  await waitFor(() => expect(tus.uploads).toHaveLength(1));
  const upload = tus.uploads[0]!;
  expect(upload.options.metadata).toMatchObject({ kind: 'training_test_import', filename: name });
  upload.url = '/api/files/tus/abc123';
  act(() => upload.options.onSuccess());
}

describe('ImportQuizDialog (spec 2 §2.3 import test dialog, §5.5, §8)', () => {
  it('keeps "upload test" disabled until the file is uploaded, then validates it into the table; rows in error in red', async () => {
    const serveForm = vi.fn(async () => ROWS);
    renderDialog(serveForm);
    expect(uploadButton()).toBeDisabled();
    await chooseAndFinish();
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    expect(serveForm).toHaveBeenCalledWith('/admin_import/group_training_tests_import/31/validate_archive/', 'POST', { file_url: '/api/files/tus/abc123' });
    expect(await screen.findByText('Arquivo validado. Confira as questões antes de salvar.')).toBeInTheDocument();

    const table = within(dialog()).getByRole('table', { name: 'Questões validadas' });
    const [header, ok, bad] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['#', 'Questão', 'Alternativas', 'Status', 'Detalhes']);
    // first 100 characters of the question
    expect(within(ok!).getAllByRole('cell')[1]!.textContent).toBe(Array.from(ROWS[0]!.title).slice(0, 100).join(''));
    expect(ok).toHaveAttribute('data-status', 'ok');
    expect(ok).toHaveTextContent('2Válida');
    expect(bad).toHaveAttribute('data-status', 'error');
    expect(bad).toHaveTextContent('2Só uma alternativa1Com erro');
    // the theme's error.light behind the row; the valid row keeps the table's colours
    withCascadedStyles(() => {
      expect(getComputedStyle(bad!).backgroundColor).toBe('rgb(239, 83, 80)');
      expect(getComputedStyle(ok!).backgroundColor).not.toBe('rgb(239, 83, 80)');
    });
    // the upload was read: sending it again needs a new upload
    expect(uploadButton()).toBeDisabled();
  });

  it('lists each question with its answers marked correct or incorrect; errors in red', async () => {
    renderDialog(vi.fn(async () => ROWS));
    await chooseAndFinish();
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Detalhes da questão 2' }));
    const details = await screen.findByRole('dialog', { name: 'Detalhes das questões' });
    const first = within(details).getByRole('region', { name: 'Questão 1' });
    expect(first).toHaveTextContent('BrasíliaCorreta');
    expect(first).toHaveTextContent('RioIncorreta');
    const second = within(details).getByRole('region', { name: 'Questão 2' });
    expect(second).toHaveAttribute('data-status', 'error');
    expect(second).toHaveTextContent('A questão precisa de pelo menos 2 alternativas.');
  });

  it('Save runs the import with the validated array; test_import_success on 200', async () => {
    const { serveJson, onImported } = renderDialog(vi.fn(async () => ROWS));
    const save = () => within(dialog()).getByRole('button', { name: 'Salvar' });
    expect(save()).toBeDisabled();
    await chooseAndFinish();
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    await within(dialog()).findByRole('table', { name: 'Questões validadas' });
    await userEvent.click(save());
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(serveJson).toHaveBeenCalledWith('/admin_import/group_training_tests_import/31/start_import/', 'POST', ROWS);
    expect(await screen.findByText('Questões importadas com sucesso')).toBeInTheDocument();
  });

  it('clears the file when the validation fails (test_validation_error)', async () => {
    const serveForm = vi.fn(async () => {
      throw new HttpError('errors.test_validation_error', 400, { code: 'test_validation_error' });
    });
    renderDialog(serveForm);
    await chooseAndFinish();
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    expect(within(dialog()).getByText(/Arquivo enviado/)).toBeInTheDocument();
    await userEvent.click(uploadButton());
    expect(await screen.findByText('Erro na validação do arquivo. Use o modelo de importação.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog()).queryByText(/Arquivo enviado/)).toBeNull());
    expect(uploadButton()).toBeDisabled();
    expect(within(dialog()).queryByRole('table')).toBeNull();
  });

  it('refuses a file that is not .xlsx before uploading it', async () => {
    renderDialog(vi.fn());
    await userEvent.setup({ applyAccept: false }).upload(within(dialog()).getByLabelText('Arquivo da prova (.xlsx)'), new File(['a,b'], 'prova.csv', { type: 'text/csv' }));
    expect(await within(dialog()).findByText('O arquivo deve ser uma planilha .xlsx')).toBeInTheDocument();
    expect(tus.uploads).toHaveLength(0);
    expect(uploadButton()).toBeDisabled();
  });

  it('downloads the template with the bearer token (generating_import_test_template)', async () => {
    const serveJson = vi.fn(async () => ({ path_url: '/api/files/test_import_templates/abcdefghijklmnopqrstuvwx.xlsx/' }));
    request.mockResolvedValue(new Response(new Blob(['xlsx']), {
      status: 200, headers: { 'Content-Disposition': 'attachment; filename="modelo-importacao-prova.xlsx"' },
    }));
    const createObjectURL = vi.fn(() => 'blob:template');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderDialog(vi.fn(), serveJson as never);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Baixar modelo' }));
    expect(await screen.findByText('Gerando o modelo de importação...')).toBeInTheDocument();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(serveJson).toHaveBeenCalledWith('/admin_import/group_training_tests_import/31/generate_template/?import_type=1', 'GET');
    expect(request).toHaveBeenCalledWith('/files/test_import_templates/abcdefghijklmnopqrstuvwx.xlsx/');
    click.mockRestore();
  });
});
