import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_RESOURCES, importLogsPath, importPath, type SessionUser } from '@lp/shared/contract';
import { updateSession } from '@lp/shared/client';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';
import { mockHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider, type ContractHttp } from '../../common/http/index.ts';
import { headquarterImport } from './index.ts';

vi.mock('../../common/http/saveBlob.ts', () => ({ saveBlob: vi.fn() }));

const { Screen } = headquarterImport;

function renderPage(admin: SessionUser, { url = '/headquarter-import', serveJson }: { url?: string; serveJson?: (path: string) => Promise<unknown> } = {}) {
  updateSession(localStorage, { user: admin });
  const file = vi.fn(async () => ({ blob: new Blob(['x']), filename: 'modelo.xlsx' }));
  const http: ContractHttp = { ...mockHttp({ serveJson }), file };
  render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(admin)}>
        <ContractHttpProvider value={http}>
          <Routes><Route path="/headquarter-import" element={<Screen />} /></Routes>
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { file };
}

describe('headquarter-import (spec 1 §2.3, module item headquarter_import)', () => {
  it('is its own page for the headquarter_import item: the headquarters template, then save and validate', async () => {
    expect(headquarterImport).toMatchObject({ name: 'headquarter-import', title: ADMIN_RESOURCES.headquarter_import.title });
    const { file } = renderPage(adminWith(['headquarter_import']));
    await userEvent.click(await screen.findByRole('button', { name: 'Importar redes/empresas' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Salvar e validar' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /modelo/i }));
    expect(file).toHaveBeenCalledWith('/admin_imports/templates/headquarters/');
  });

  it('is refused without the item (the imports screen\'s admin_import does not stand for it either)', async () => {
    renderPage(adminWith(['headquarter']));
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(screen.queryByRole('button', { name: 'Importar redes/empresas' })).not.toBeInTheDocument();
  });

  it('opens on the import a notification links to (?import=), with its lines in error', async () => {
    const record = {
      id: 12, import_type: 'headquarters', status: 'with_errors', phase: null, file_name: 'redes.xlsx', total_rows: 2, processed_rows: 2,
      created_count: 1, updated_count: 0, error_count: 1, created_by: { id: 1, full_name: 'Ana' }, created_at: '2026-11-27T10:00:00Z', updated_at: '2026-11-27T10:00:00Z', finished_at: null,
    };
    const serveJson = vi.fn(async (path: string) => (path === importPath(12) ? record
      : path.startsWith(importLogsPath(12)) ? { results: [{ id: 1, line: 3, field: 'company_document', code: 'company_document_not_unique', log_type: 'error', content: 'Documento usado por outra' }] }
        : Promise.reject(new Error(path))));
    renderPage(adminWith(['headquarter_import']), { url: '/headquarter-import?import=12', serveJson });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('3: Documento usado por outra')).toBeInTheDocument();
  });
});
