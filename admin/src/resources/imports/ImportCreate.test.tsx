import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, IMPORT_MAX_BYTES, importTemplatePath, XLSX_MIME } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { ImportCreate } from './ImportCreate.tsx';
import { importRecord } from './importFixtures.ts';
import { toHttpError } from '../../dataProvider.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { apiClient } from '../../apiClient.ts';
import { i18n, sessionUser } from '../../test/fixtures.ts';

interface FakeUploadOptions {
  endpoint: string;
  metadata: Record<string, string>;
  fingerprint(file: File): Promise<string>;
  onBeforeRequest(req: { setHeader(name: string, value: string): void }): void;
  onProgress(sent: number, total: number): void;
  onSuccess(payload: unknown): void;
  onError(error: Error): void;
}

// tus-js-client is replaced at the module boundary: the test drives progress and success and
// reads what the screen handed to it (endpoint, metadata, headers, resume)
const tus = vi.hoisted(() => ({
  uploads: [] as {
    file: File;
    options: FakeUploadOptions;
    url: string | null;
    previous: unknown[];
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
  }[],
  previous: [] as unknown[],
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    previous = tus.previous;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    constructor(
      public file: File,
      public options: FakeUploadOptions,
    ) {
      tus.uploads.push(this as never);
    }
    async findPreviousUploads() {
      return this.previous;
    }
  },
}));

const RESOURCE = ADMIN_RESOURCES.imports.name;

afterEach(() => {
  tus.uploads.length = 0;
  tus.previous = [];
});

function Detail() {
  const { id } = useParams();
  return <p>detail of import {id}</p>;
}

function renderCreate(overrides: Partial<DataProvider> = {}, files: Parameters<typeof fakeHttp>[1] = {}) {
  updateSession(localStorage, { signed_in: true, user: sessionUser({ id: 2 }) });
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: importRecord({ id: 42, status: 'awaiting', ...params.data }),
  }));
  const dataProvider = testDataProvider({ create, ...overrides } as Partial<DataProvider>);
  const { http, calls } = fakeHttp({}, files);
  render(
    <MemoryRouter initialEntries={[`/${RESOURCE}/create`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <ResourceContextProvider value={RESOURCE}>
            <Routes>
              <Route path={`/${RESOURCE}/create`} element={<ImportCreate />} />
              <Route path={`/${RESOURCE}/:id/show`} element={<Detail />} />
            </Routes>
          </ResourceContextProvider>
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { create, dataProvider, calls };
}

const xlsx = (name = 'lojas.xlsx') => new File(['PK fake sheet'], name, { type: XLSX_MIME, lastModified: 1 });

async function uploadDone(user: ReturnType<typeof userEvent.setup>, file = xlsx()) {
  await user.upload(await screen.findByLabelText('Escolher arquivo'), file);
  await vi.waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
  const upload = tus.uploads[0]!;
  upload.url = 'http://localhost:3000/api/files/tus/c0ffee42';
  act(() => upload.options.onSuccess({}));
  return upload;
}

describe('ImportCreate', () => {
  it('rejects a file that is not .xlsx, and one over 150 MB, before any upload', async () => {
    renderCreate();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Escolher arquivo'), new File(['a;b'], 'pessoas.csv', { type: 'text/csv' }));
    expect(await screen.findByText('O arquivo deve ser uma planilha .xlsx no formato do modelo.')).toBeInTheDocument();

    const huge = xlsx('enorme.xlsx');
    Object.defineProperty(huge, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Escolher arquivo'), huge);
    expect(await screen.findByText('Arquivo muito grande. Tamanho máximo: 150MB.')).toBeInTheDocument();
    expect(tus.uploads).toHaveLength(0);
  });

  it('uploads with tus (metadata, bearer token, progress), then saves and validates and opens the detail', async () => {
    // the page's access token, in the api client's memory (restored from the refresh cookie)
    let issued = 0;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ access_token: `access-${++issued}`, token_type: 'Bearer', expires_in: 3600, scope: '' }))));
    onTestFinished(() => void vi.unstubAllGlobals());
    const { create } = renderCreate();
    await apiClient.refresh();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Tipo de importação' }));
    await user.click(await screen.findByRole('option', { name: 'Filiais/lojas' }));

    await user.upload(screen.getByLabelText('Escolher arquivo'), xlsx());
    await vi.waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    const upload = tus.uploads[0]!;
    expect(upload.options.endpoint).toBe('/api/files/tus/');
    expect(upload.options.metadata).toEqual({ filename: 'lojas.xlsx', filetype: XLSX_MIME, kind: 'import' });
    const setHeader = vi.fn();
    upload.options.onBeforeRequest({ setHeader });
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer access-1');
    // a refresh elsewhere is picked up by the next request
    await apiClient.refresh();
    upload.options.onBeforeRequest({ setHeader });
    expect(setHeader).toHaveBeenLastCalledWith('Authorization', 'Bearer access-2');
    expect(await upload.options.fingerprint(upload.file)).toContain('|2|lojas.xlsx|');
    expect(upload.resumeFromPreviousUpload).not.toHaveBeenCalled();

    const save = screen.getByRole('button', { name: 'Salvar e validar' });
    expect(save).toBeDisabled();
    act(() => upload.options.onProgress(512, 1024));
    expect(screen.getByRole('progressbar', { name: 'Progresso do envio' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(save).toBeDisabled();

    upload.url = 'http://localhost:3000/api/files/tus/c0ffee42';
    act(() => upload.options.onSuccess({}));
    expect(await screen.findByText(/Arquivo enviado/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar e validar' }));
    await vi.waitFor(() =>
      expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { import_type: 'branches', upload_id: 'c0ffee42' } })),
    );
    expect(await screen.findByText('detail of import 42')).toBeInTheDocument();
  });

  it('resumes an earlier upload of the same file and can cancel it', async () => {
    const earlier = { size: 13, metadata: {}, creationTime: '2026-11-21T10:00:00Z', urlStorageKey: 'k', uploadUrl: 'http://localhost:3000/api/files/tus/old', parallelUploadUrls: null };
    tus.previous = [earlier];
    renderCreate();
    await userEvent.upload(await screen.findByLabelText('Escolher arquivo'), xlsx());
    await vi.waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    const upload = tus.uploads[0]!;
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(earlier);
    expect(upload.resumeFromPreviousUpload.mock.invocationCallOrder[0]).toBeLessThan(upload.start.mock.invocationCallOrder[0]!);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar envio' }));
    expect(upload.abort).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar e validar' })).toBeDisabled();
  });

  it('pauses and resumes, and offers a retry after a failed upload', async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Escolher arquivo'), xlsx());
    await vi.waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalledTimes(1));
    const upload = tus.uploads[0]!;
    act(() => upload.options.onProgress(300, 1000));
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(upload.abort).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
    expect(screen.getByText('30%')).toBeInTheDocument();

    act(() => upload.options.onError(Object.assign(new Error('too big'), { originalResponse: { getStatus: () => 413 } })));
    expect(await screen.findByText('Arquivo muito grande. Tamanho máximo: 150MB.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(upload.start).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Salvar e validar' })).toBeDisabled();
  });

  it('shows the translated test_validation_error when the server refuses the sheet', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(400, { detail: 'bad sheet', code: 'test_validation_error' });
    });
    renderCreate({ create } as Partial<DataProvider>);
    const user = userEvent.setup();
    await uploadDone(user);
    await user.click(await screen.findByRole('button', { name: 'Salvar e validar' }));
    expect(await screen.findByText('Erro na validação dos dados. Por favor, utilize o formato do modelo')).toBeInTheDocument();
    expect(screen.queryByText(/detail of import/)).not.toBeInTheDocument();
  });

  it('downloads the template of the chosen type as a file', async () => {
    const blob = new Blob(['xlsx'], { type: XLSX_MIME });
    const downloadImportTemplate = vi.fn(() => ({ blob, filename: 'modelo-usuarios.xlsx' }));
    // jsdom has no object URLs
    const createObjectURL = vi.fn(() => 'blob:template');
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderCreate({}, { [importTemplatePath('users')]: downloadImportTemplate });
    await userEvent.click(await screen.findByRole('button', { name: 'Baixar modelo' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(downloadImportTemplate).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked[0]!.download).toBe('modelo-usuarios.xlsx');
    expect(clicked[0]!.href).toBe('blob:template');
    click.mockRestore();
    Object.assign(URL, saved);
  });
});
