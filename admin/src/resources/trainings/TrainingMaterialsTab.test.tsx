import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { MATERIAL_PATHS, type TrainingMaterial } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { TrainingMaterialsTab } from './TrainingMaterialsTab.tsx';
import { screenFakes } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

// tus itself is tested in common/upload; here a chosen file "finishes" at once with a known id
vi.mock('../../common/upload/useTusUpload.ts', async () => {
  const { useState } = await import('react');
  return {
    useTusUpload: () => {
      const [state, setState] = useState<Record<string, unknown>>({ status: 'idle' });
      return {
        state,
        percent: state.status === 'done' ? 100 : 0,
        start: (file: File) => setState({ status: 'done', file, uploadId: `up-${file.name}`, url: `/api/files/tus/up-${file.name}` }),
        pause: () => undefined,
        resume: () => undefined,
        cancel: () => setState({ status: 'idle' }),
      };
    },
  };
});

const ID = 7;
const LIST = `${MATERIAL_PATHS.collection(ID)}?page_size=0`;

function material(overrides: Partial<TrainingMaterial> = {}): TrainingMaterial {
  return {
    id: 21, title: 'Guia do vendedor', extension: 'pdf', size: 2.5 * 1024 * 1024, status: 1,
    resource: 'trainings/7/materials/abc/guia.pdf', resource_url: 'http://localhost:3000/media/trainings/7/materials/abc/guia.pdf',
    resource_name: 'guia.pdf', ...overrides,
  };
}

interface Setup {
  rows?: TrainingMaterial[];
  canManage?: boolean;
  serveForm?: () => Promise<unknown>;
}

function renderTab({ rows = [material(), material({ id: 22, title: 'Planilha', extension: 'xlsx', size: 3000, status: 2 })], canManage = true, serveForm }: Setup = {}) {
  const serveJson = vi.fn(async (path: string, method: string) => {
    if (path === LIST && method === 'GET') return { count: rows.length, results: rows };
    if (method === 'DELETE') return undefined;
    throw new Error(`unexpected ${method} ${path}`);
  });
  const form = vi.fn(serveForm ?? (async () => material()));
  const { dataProvider, http } = screenFakes({ serveJson, serveForm: form });
  render(
    <MemoryRouter initialEntries={[`/trainings/${ID}/support_material`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/support_material" element={<TrainingMaterialsTab trainingId={ID} canManage={canManage} />} />
            <Route path="/trainings" element={<p>trainings list</p>} />
          </Routes>
          <Notification />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson, serveForm: form };
}

const table = () => screen.findByRole('table', { name: 'Material de apoio' });
const dialog = () => screen.findByRole('dialog');
const fileInput = () => screen.getByTestId('training_material-file') as HTMLInputElement;

describe('TrainingMaterialsTab (spec 2 §2.3 Support material tab)', () => {
  it('lists id, title, extension, size and status, with edit and delete', async () => {
    const { serveJson } = renderTab();
    const t = await table();
    await within(t).findByText('Guia do vendedor');
    const rows = within(t).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      '#', 'Título', 'Extensão', 'Tamanho', 'Status', 'Editar', 'Excluir',
    ]);
    expect(rows[1]).toHaveTextContent('21Guia do vendedorpdf2.5 MBPublicado');
    expect(rows[2]).toHaveTextContent('22Planilhaxlsx3 KBNão publicado');
    expect(serveJson).toHaveBeenCalledWith(LIST, 'GET');
  });

  it('needs a title and a file (spec 2 §5.7), then saves a published material by default (§4.3)', async () => {
    const { serveForm } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo material' }));
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Novo material de apoio' })).toBeInTheDocument();
    expect(within(d).getByRole('switch', { name: 'Publicado' })).toBeChecked();
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Certifique-se de que todos os campos estão preenchidos.')).toBeInTheDocument();
    expect(within(d).getAllByText('Obrigatório')).toHaveLength(2);
    expect(within(d).getByRole('textbox', { name: /Título/ })).toHaveFocus();
    expect(serveForm).not.toHaveBeenCalled();

    await userEvent.type(within(d).getByRole('textbox', { name: /Título/ }), 'Checklist');
    await userEvent.upload(fileInput(), new File(['a,b'], 'checklist.csv', { type: 'text/csv' }));
    expect(await within(d).findByText(/checklist\.csv/)).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm).toHaveBeenCalledWith(MATERIAL_PATHS.collection(ID), 'POST', { title: 'Checklist', status: 1, resource: 'up-checklist.csv' });
    expect(await screen.findByText('Material de apoio adicionado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a material keeping its file, linked from the dialog, and unpublishes it', async () => {
    const { serveForm } = renderTab();
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Editar Guia do vendedor' }));
    const d = await dialog();
    expect(within(d).getByRole('link', { name: 'Abrir guia.pdf' })).toHaveAttribute('href', material().resource_url);
    await userEvent.click(within(d).getByRole('switch', { name: 'Publicado' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm).toHaveBeenCalledWith(MATERIAL_PATHS.item(ID, 21), 'PUT', {
      title: 'Guia do vendedor', status: 2, resource: 'trainings/7/materials/abc/guia.pdf',
    });
    expect(await screen.findByText('Material de apoio editado com sucesso')).toBeInTheDocument();
  });

  it('says so when the save fails, keeping what was typed', async () => {
    renderTab({ serveForm: async () => { throw toHttpError(400, { detail: 'x', code: 'upload_not_found', fields: { resource: 'upload_not_found' } }); } });
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Editar Guia do vendedor' }));
    const d = await dialog();
    await userEvent.upload(fileInput(), new File(['x'], 'novo.pdf'));
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao editar o material de apoio')).toBeInTheDocument();
    expect(within(d).getByText('O arquivo enviado não foi encontrado ou já foi usado. Envie o arquivo novamente.')).toBeInTheDocument();
    expect(within(d).getByRole('textbox', { name: /Título/ })).toHaveValue('Guia do vendedor');
  });

  it('deletes after confirmation', async () => {
    const { serveJson } = renderTab();
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Excluir Planilha' }));
    expect(await screen.findByText('Deseja excluir o material "Planilha"?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Confirmar/ }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(MATERIAL_PATHS.item(ID, 22), 'DELETE'));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
  });

  it('without trainings_manage only views, and Back goes to the trainings list (spec 2 §6)', async () => {
    renderTab({ canManage: false });
    const t = await table();
    await within(t).findByText('Guia do vendedor');
    expect(screen.getByRole('button', { name: 'Novo material' })).toBeDisabled();
    expect(within(t).getByRole('button', { name: 'Excluir Guia do vendedor' })).toBeDisabled();
    await userEvent.click(within(t).getByRole('button', { name: 'Editar Guia do vendedor' }));
    const d = await dialog();
    expect(within(d).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(within(d).getByRole('button', { name: 'Trocar arquivo' })).toBeDisabled();
    await userEvent.click(within(d).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('trainings list')).toBeInTheDocument();
  });
});
