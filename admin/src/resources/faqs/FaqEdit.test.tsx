import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type FaqQuestion } from '@lp/shared/contract';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { FaqCreate, FaqEdit } from './FaqEdit.tsx';

const user = sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'faq', permission: true }] }] });
const categories = [{ id: 1, name: 'Acesso', qty_questions: 2, created_at: '' }, { id: 2, name: 'Certificados', qty_questions: 0, created_at: '' }];
const saved: FaqQuestion = {
  id: 5, category: 1, category_name: 'Acesso', question: 'Como acesso?', answer: '<p>Pelo portal.</p>', is_public: false, order: 2, status: 1,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

function renderAt(entry: string | { pathname: string; state: unknown }, provider: Partial<DataProvider>) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={testDataProvider({
        getList: async () => ({ data: categories, total: categories.length }),
        getMany: async () => ({ data: categories }),
        ...provider,
      } as Partial<DataProvider>)} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ResourceContextProvider value={ADMIN_RESOURCES.faqs.name}>
          <Routes>
            <Route path="/faqs/create" element={<FaqCreate />} />
            <Route path="/faqs/:id" element={<FaqEdit />} />
            <Route path="/faqs" element={<p>lista</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Types HTML into the rich-text answer through its HTML source dialog. */
async function fillAnswer(html: string) {
  const bar = await screen.findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10_000 });
  await waitFor(() => expect(within(bar).getByRole('button', { name: 'Código HTML' })).toBeEnabled());
  await userEvent.click(within(bar).getByRole('button', { name: 'Código HTML' }));
  const dialog = await screen.findByRole('dialog', { name: 'Código-fonte HTML' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'HTML' }), { target: { value: html } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('FAQ question editor (spec 3 §2, §3)', () => {
  beforeAll(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('requires category, question and answer; creates with the defaults (published, private) from a received question', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...saved, ...params.data, id: 9 } }));
    renderAt({ pathname: '/faqs/create', state: { record: { question: 'Vocês entregam no interior?' } } }, { create } as Partial<DataProvider>);
    const question = await screen.findByLabelText(/Pergunta/);
    await waitFor(() => expect(question).toHaveValue('Vocês entregam no interior?'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Certifique-se de que todos os campos estão preenchidos.')).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Certificados' }));
    await fillAnswer('<p>Sim, para todo o país.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toEqual({
      category: 2, question: 'Vocês entregam no interior?', answer: '<p>Sim, para todo o país.</p>', is_public: false, order: 0, status: 1,
    });
  });

  it('marks a question public and sends only the write fields', async () => {
    const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...saved, ...params.data } }));
    renderAt('/faqs/5', { getOne: async () => ({ data: saved }), update } as unknown as Partial<DataProvider>);
    await waitFor(() => expect(screen.getByLabelText(/Pergunta/)).toHaveValue('Como acesso?'));
    await userEvent.click(screen.getByRole('switch', { name: 'Pública' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toEqual({
      category: 1, question: 'Como acesso?', answer: '<p>Pelo portal.</p>', is_public: true, order: 2, status: 1,
    });
  });
});
