import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import { WEBCAST_EVALUATION_PATHS as E, WEBCAST_MATERIAL_PATHS as M, WEBCAST_TESTS } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { EvaluationsTab } from '../../common/contentTabs/evaluations/EvaluationsTab.tsx';
import { WEBCAST_EVALUATIONS } from '../../common/contentTabs/evaluations/evaluationOwner.ts';
import { MaterialsTab } from '../../common/contentTabs/materials/MaterialsTab.tsx';
import { WEBCAST_MATERIALS } from '../../common/contentTabs/materials/materialOwner.ts';
import { ImportQuizDialog } from '../../common/contentTabs/quizzes/ImportQuizDialog.tsx';
import { screenFakes, type CallMocks } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

const ID = 9;

function renderWith(ui: ReactElement, provider: CallMocks) {
  // the real data provider over the same fake server: the tabs' lists go through it
  const { dataProvider, http } = screenFakes(provider);
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(sessionUser())}>
        <ContractHttpProvider value={http}>
          {ui}
          <Notification />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

/** spec 2 §2.5 "the same behaviour as the training editor … with webcast fields", §7.3 calls. */
describe('webcast tests, reaction tests and materials through the training components', () => {
  it('test import: GET generate_template without import_type, the file from template_download_url', async () => {
    const serveJson = vi.fn(async () => ({ template_download_url: '/api/files/test_import_templates/abcdefghijklmnopqrstuvwx.xlsx/' }));
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue(new Response(new Blob(['xlsx']), { status: 200 }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:t'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWith(<ImportQuizDialog owner={WEBCAST_TESTS} testId={31} onClose={vi.fn()} onImported={vi.fn()} />, { serveJson } as never);
    await userEvent.click(await screen.findByRole('button', { name: 'Baixar modelo' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(serveJson).toHaveBeenCalledWith('/admin_import/tests/webcast_test/31/generate_template/', 'GET');
    expect(request).toHaveBeenCalledWith('/files/test_import_templates/abcdefghijklmnopqrstuvwx.xlsx/');
  });

  it('reaction tests: JSON calls with webcast_evaluation_question_type and {webcast_base_evaluation_id}', async () => {
    const evaluations = [{ id: 41, title: 'Reação', qty_questions: 0, status: 2 }];
    const serveJson = vi.fn(async (path: string, method: string, _body?: unknown) => {
      if (path === '/admin_webcasts/webcast_evaluation_question_types/') return [{ id: 1, value: 1, slug: 'grade_0_10' }];
      if (path === E.baseEvaluations) return [{ id: 5, value: 5, title: 'Avaliação rápida', qty_questions: 1 }];
      if (path.startsWith(E.baseEvaluationQuestions(5))) return { count: 1, results: [{ id: 51, title: 'Nota', question_type: 1 }] };
      if (path === E.fromBase(ID) && method === 'POST') return { id: 42 };
      if (path === E.item(ID, 42)) return { id: 42, title: 'Avaliação rápida', qty_questions: 1, status: 2 };
      if (path.startsWith(E.questions(ID, 42))) return { count: 1, results: [{ id: 60, title: 'Nota', webcast_evaluation_question_type: 1 }] };
      if (path.startsWith(E.collection(ID))) return { count: evaluations.length, results: evaluations };
      throw new Error(`unexpected ${method} ${path}`);
    });
    const serveForm = vi.fn();
    renderWith(<EvaluationsTab owner={WEBCAST_EVALUATIONS} ownerId={ID} canManage onBack={vi.fn()} />, { serveJson, serveForm } as never);
    expect(await screen.findByText('Reação')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nova avaliação' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar de modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modelo de avaliação' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Avaliação rápida' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Modelo de avaliação' })).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(E.fromBase(ID), 'POST', { webcast_base_evaluation_id: 5 }));
    expect(serveForm).not.toHaveBeenCalled();
    // the question list shows the type read from the webcast's field
    expect(await screen.findByText('Nota de 0 a 10')).toBeInTheDocument();
  });

  it('a failed webcast evaluation delete says \'error\' (spec 2 §8)', async () => {
    const serveJson = vi.fn(async (path: string, method: string) => {
      if (method === 'DELETE') throw new Error('boom');
      if (path.startsWith(E.collection(ID))) return { count: 1, results: [{ id: 41, title: 'Reação', qty_questions: 0, status: 2 }] };
      return [];
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWith(<EvaluationsTab owner={WEBCAST_EVALUATIONS} ownerId={ID} canManage onBack={vi.fn()} />, { serveJson } as never);
    await userEvent.click(await screen.findByRole('button', { name: /Excluir.*Reação/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Confirmar|Excluir/, hidden: false }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
  });

  it('support materials: the webcast\'s collection', async () => {
    const serveJson = vi.fn(async () => ({
      count: 1, results: [{ id: 3, title: 'Slides', extension: 'pdf', size: 2048, status: 1, resource: 'x', resource_url: 'http://x', resource_name: 's.pdf' }],
    }));
    renderWith(<MaterialsTab owner={WEBCAST_MATERIALS} ownerId={ID} canManage onBack={vi.fn()} />, { serveJson } as never);
    expect(await screen.findByText('Slides')).toBeInTheDocument();
    expect(serveJson).toHaveBeenCalledWith(`${M.collection(ID)}?page_size=0`, 'GET');
  });
});
