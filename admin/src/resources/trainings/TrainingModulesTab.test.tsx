import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { MODULE_PATHS, TRAINING_PATHS, type ModuleSearchHit, type TrainingModule } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { screenFakes } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { TrainingModulesTab } from './TrainingModulesTab.tsx';

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
const LIST = `${MODULE_PATHS.collection(ID)}?page_size=0`;
const TYPES = ['video', 'audio', 'pdf', 'scorm', 'html', 'powerpoint', 'file', 'youtube', 'vimeo', 'slideshare']
  .map((slug, i) => ({ id: i + 1, value: i + 1, slug, use_embed: ['youtube', 'vimeo', 'slideshare'].includes(slug) }));

function module(overrides: Partial<TrainingModule> = {}): TrainingModule {
  return {
    id: 11, title: 'Boas-vindas', status: 1, group_training_module_type: 1, qty_views: 0, qty_progress: 0, avaliable_in: '2026-12-01',
    module_score: 10, resource: 'trainings/7/modules/abc/aula.mp4', resource_url: 'http://localhost:3000/media/trainings/7/modules/abc/aula.mp4',
    resource_name: 'aula.mp4', resource_size: 2048, ...overrides,
  };
}

const HIT: ModuleSearchHit = {
  id: 31, group_training_title: 'Treinamento de zebras', group_training_module_title: 'Aula da zebra', group_training_module_type_id: 3,
  group_training_module_type_slug: 'pdf', group_training_module_type_use_embed: false, group_training_module_content: 'x.pdf',
};

interface Setup {
  rows?: TrainingModule[];
  canManage?: boolean;
  serveForm?: (path: string, method: string, fields: Record<string, unknown>) => Promise<unknown>;
}

function renderTab({ rows = [module(), module({ id: 12, title: 'Vídeo externo', group_training_module_type: 8, status: 2, avaliable_in: null, module_score: 0, resource: 'https://youtu.be/x', resource_url: 'https://youtu.be/x', resource_name: null, resource_size: null })], canManage = true, serveForm }: Setup = {}) {
  const serveJson = vi.fn(async (path: string, method: string, _body?: unknown) => {
    if (path === TRAINING_PATHS.moduleTypes) return TYPES;
    if (path === LIST && method === 'GET') return { count: rows.length, results: rows };
    if (path === MODULE_PATHS.search) return { classes: [HIT] };
    if (path === MODULE_PATHS.moveResourceToTmp) return { group_training_module_resource: 'copy-31' };
    if (method === 'DELETE') return undefined;
    throw new Error(`unexpected ${method} ${path}`);
  });
  const form = vi.fn(serveForm ?? (async () => module()));
  const { dataProvider, http } = screenFakes({ serveJson, serveForm: form });
  render(
    <MemoryRouter initialEntries={[`/trainings/${ID}/modules`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/modules" element={<TrainingModulesTab trainingId={ID} canManage={canManage} />} />
            <Route path="/trainings" element={<p>trainings list</p>} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson, serveForm: form };
}

const table = () => screen.findByRole('table', { name: 'Módulos' });
const dialog = () => screen.findByRole('dialog');
async function chooseType(name: string) {
  await userEvent.click(within(await dialog()).getByRole('combobox', { name: /Tipo de conteúdo/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}
const fileInput = (kind = 'training_module') => screen.getByTestId(`${kind}-file`) as HTMLInputElement;

describe('TrainingModulesTab (spec 2 §2.3 Modules tab)', () => {
  it('lists every module with its type, date, score and status', async () => {
    const { serveJson } = renderTab();
    const t = await table();
    await within(t).findByText('Boas-vindas');
    const rows = within(t).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Título', 'Tipo de conteúdo', 'Disponível a partir de', 'Pontuação', 'Status', 'Ações',
    ]);
    expect(rows[1]).toHaveTextContent('Boas-vindasVídeo01/12/202610Publicado');
    expect(rows[2]).toHaveTextContent('Vídeo externoYouTube0Não publicado');
    expect(serveJson).toHaveBeenCalledWith(LIST, 'GET');
  });

  it('refuses an empty module without calling the server (spec 2 §5)', async () => {
    const { serveForm } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo módulo' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Certifique-se de que todos os campos estão preenchidos.')).toBeInTheDocument();
    expect(within(await dialog()).getAllByText('Obrigatório')).toHaveLength(3);
    expect(serveForm).not.toHaveBeenCalled();
    // the first invalid field has the focus
    expect(within(await dialog()).getByRole('combobox', { name: /Tipo de conteúdo/ })).toHaveFocus();
  });

  it('uploads the file of a new module and saves the §7.1 form', async () => {
    const { serveForm, serveJson } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo módulo' }));
    await chooseType('Vídeo');
    // spec 2 §5.2: a video is an mp4; the wrong file is refused before it is sent
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), new File(['%PDF'], 'slides.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Formato de arquivo não permitido para este tipo de conteúdo.')).toBeInTheDocument();
    await userEvent.upload(fileInput(), new File(['mp4'], 'aula.mp4', { type: 'video/mp4' }));
    await userEvent.type(within(await dialog()).getByRole('textbox', { name: /Título/ }), 'Abertura');
    await userEvent.type(within(await dialog()).getByLabelText(/Pontuação do módulo/), '20');
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm).toHaveBeenCalledWith(MODULE_PATHS.collection(ID), 'POST', {
      title: 'Abertura', group_training_module_type: '1', status: 1, module_score: '20', resource: 'up-aula.mp4',
    });
    expect(await screen.findByText('Módulo adicionado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(serveJson.mock.calls.filter(([path]) => path === LIST)).toHaveLength(2);
  });

  it('takes an embed for embed types, unpublished with the toggle', async () => {
    const { serveForm } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo módulo' }));
    await chooseType('Vimeo');
    const d = await dialog();
    expect(within(d).queryByRole('button', { name: 'Escolher arquivo' })).not.toBeInTheDocument();
    await userEvent.type(within(d).getByRole('textbox', { name: /Título/ }), 'Entrevista');
    await userEvent.type(within(d).getByRole('textbox', { name: /Link ou código de incorporação/ }), 'https://evil.example/v');
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    expect(await within(d).findByText('Informe um link ou código de incorporação do serviço escolhido.')).toBeInTheDocument();
    const embed = within(d).getByRole('textbox', { name: /Link ou código de incorporação/ });
    await userEvent.clear(embed);
    await userEvent.type(embed, 'https://vimeo.com/76979871');
    await userEvent.type(within(d).getByLabelText(/Disponível a partir de/), '2026-12-24');
    await userEvent.click(within(d).getByRole('switch', { name: 'Publicado' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm.mock.calls[0]![2]).toEqual({
      title: 'Entrevista', group_training_module_type: '9', status: 2, avaliable_in: '2026-12-24', resource: 'https://vimeo.com/76979871',
    });
  });

  it('locks the type and file of a video with views, keeping the current file (spec 2 §4.2)', async () => {
    const { serveForm } = renderTab({ rows: [module({ qty_views: 3 })] });
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Editar Boas-vindas' }));
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Editar módulo' })).toBeInTheDocument();
    expect(within(d).getByRole('combobox', { name: /Tipo de conteúdo/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(d).getByText('O tipo de conteúdo não pode ser alterado: o vídeo já tem visualizações ou progresso.')).toBeInTheDocument();
    expect(within(d).getByText('Não é permitido alterar o arquivo de uma aula que já foi iniciada.')).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /arquivo/ })).not.toBeInTheDocument();
    expect(within(d).getByRole('link', { name: 'aula.mp4' })).toHaveAttribute('href', module().resource_url);
    expect(within(d).queryByRole('button', { name: 'Importar do banco de dados' })).not.toBeInTheDocument();
    const title = within(d).getByRole('textbox', { name: /Título/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Boas-vindas 2');
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm).toHaveBeenCalledWith(MODULE_PATHS.item(ID, 11), 'PUT', {
      title: 'Boas-vindas 2', group_training_module_type: '1', status: 1, avaliable_in: '2026-12-01', module_score: '10',
      resource: 'trainings/7/modules/abc/aula.mp4',
    });
    expect(await screen.findByText('Módulo editado com sucesso')).toBeInTheDocument();
  });

  it('shows the server\'s refusal on its field and the save error (spec 2 §8)', async () => {
    renderTab({
      serveForm: async () => {
        throw toHttpError(413, { detail: 'x', code: 'powerpoint_too_large', fields: { resource: 'powerpoint_too_large' } });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Novo módulo' }));
    await chooseType('PowerPoint');
    await userEvent.upload(fileInput(), new File(['x'], 'deck.pptx'));
    await userEvent.type(within(await dialog()).getByRole('textbox', { name: /Título/ }), 'Deck');
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao adicionar o módulo')).toBeInTheDocument();
    expect(within(await dialog()).getByText('Arquivo muito grande. O PowerPoint deve ter no máximo 10 MB.')).toBeInTheDocument();
  });

  it('imports a module from the database: search from 3 characters, match underlined, file copied', async () => {
    const { serveJson, serveForm } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo módulo' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Importar do banco de dados' }));
    const importDialog = await screen.findByRole('dialog', { name: 'Importar módulo do banco de dados' });
    const search = within(importDialog).getByRole('combobox', { name: 'Buscar por treinamento ou módulo' });
    await userEvent.type(search, 'ze');
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeInTheDocument();
    await userEvent.type(search, 'b');
    const option = await screen.findByRole('option', {}, { timeout: 2000 });
    expect(serveJson).toHaveBeenCalledWith(MODULE_PATHS.search, 'POST', { search_module: 'zeb' });
    expect(option.querySelector('u')?.textContent).toBe('zeb');
    expect(option).toHaveTextContent('Treinamento de zebras · Apresentação PDF');
    await userEvent.click(option);
    expect(within(importDialog).getByRole('textbox', { name: 'Treinamento' })).toHaveValue('Treinamento de zebras');
    await userEvent.click(within(importDialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar módulo do banco de dados' })).not.toBeInTheDocument());
    expect(serveJson).toHaveBeenCalledWith(MODULE_PATHS.moveResourceToTmp, 'POST', { group_training_module_source_id: 31 });

    const d = await dialog();
    expect(within(d).getByRole('textbox', { name: /Título/ })).toHaveValue('Aula da zebra');
    expect(within(d).getByText('Arquivo importado: Aula da zebra')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveForm).toHaveBeenCalledTimes(1));
    expect(serveForm.mock.calls[0]![2]).toMatchObject({ group_training_module_type: '3', title: 'Aula da zebra', resource: 'copy-31' });
  });

  it('deletes after confirmation', async () => {
    const { serveJson } = renderTab();
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Excluir Boas-vindas' }));
    expect(await screen.findByText('Deseja excluir o módulo "Boas-vindas"?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Confirmar/ }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(MODULE_PATHS.item(ID, 11), 'DELETE'));
    expect(await screen.findByText('Item removido com sucesso')).toBeInTheDocument();
  });

  it('without trainings_manage only views, and Back goes to the trainings list (spec 2 §6)', async () => {
    const { serveForm } = renderTab({ canManage: false });
    const t = await table();
    await within(t).findByText('Boas-vindas');
    expect(screen.getByRole('button', { name: 'Novo módulo' })).toBeDisabled();
    expect(within(t).getByRole('button', { name: 'Excluir Boas-vindas' })).toBeDisabled();
    await userEvent.click(within(t).getByRole('button', { name: 'Editar Boas-vindas' }));
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Módulo' })).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(within(d).getByRole('textbox', { name: /Título/ })).toBeDisabled();
    await userEvent.click(within(d).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('trainings list')).toBeInTheDocument();
    expect(serveForm).not.toHaveBeenCalled();
  });
});
