import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  AdminContext, Edit, Notification, ResourceContextProvider, TestMemoryRouter, TextInput, required, testDataProvider, type DataProvider,
} from 'react-admin';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { toHttpError } from '../http/httpErrors.ts';
import { EditorForm, EditorTabbedForm } from './EditorForm.tsx';

const record = { id: 7, full_name: 'Ana', email: 'ana@acme.com', register: '' };

function provider(update: DataProvider['update']): DataProvider {
  return testDataProvider({ getOne: async () => ({ data: record }) as never, update });
}

function renderAt(path: string, form: ReactElement, update: DataProvider['update']) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={provider(update)} i18nProvider={i18n()} authProvider={authFor(sessionUser())}>
        <ResourceContextProvider value="users">
          <Routes>
            <Route path="/users/:id/*" element={<Edit id={7} mutationMode="pessimistic">{form}</Edit>} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const conflict = async () => {
  throw toHttpError(400, { detail: 'taken', code: 'email_not_unique', fields: { email: 'email_not_unique' } });
};

const tabbed = (
  <EditorTabbedForm>
    <EditorTabbedForm.Tab label="resources.users.tabs.personal">
      <TextInput source="full_name" validate={required()} />
    </EditorTabbedForm.Tab>
    <EditorTabbedForm.Tab label="resources.users.tabs.organisation" path="organisation">
      <TextInput source="register" />
      <TextInput source="email" />
    </EditorTabbedForm.Tab>
  </EditorTabbedForm>
);

describe('EditorForm: the one error presentation (spec 1 §2.3, §8.5; spec 2 §5)', () => {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function scroll(this: Element) { scrolled.push(this); });
  });
  afterEach(() => { delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView; });

  it("puts a server conflict on its field on another tab, opens that tab, scrolls to and focuses it, and names the conflict", async () => {
    const update = vi.fn(conflict);
    renderAt('/users/7', tabbed, update as never);
    await screen.findByDisplayValue('Ana');
    expect(screen.getByRole('tab', { name: 'Dados pessoais' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(screen.getByDisplayValue('Ana'), ' Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const email = await screen.findByDisplayValue('ana@acme.com');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Dados da organização' })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled.some((el) => el === email || el.contains(email))).toBe(true);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // the notice names the conflict, not react-admin's "make sure all fields are filled in"
    const alerts = await screen.findAllByText('E-mail cadastrado para outro usuário');
    expect(alerts.length).toBeGreaterThanOrEqual(2); // the notice and the field's helper text
    expect(screen.queryByText(/preencher todos os campos|campos obrigatórios/i)).not.toBeInTheDocument();
  });

  it('a missing value on the first tab is focused there and the notice says to fill in the fields', async () => {
    const update = vi.fn();
    renderAt('/users/7', tabbed, update as never);
    await userEvent.clear(await screen.findByDisplayValue('Ana'));
    await userEvent.click(screen.getByRole('tab', { name: 'Dados da organização' }));
    await userEvent.type(screen.getByDisplayValue('ana@acme.com'), 'x');
    expect(screen.getByRole('tab', { name: 'Dados pessoais' })).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const name = screen.getByLabelText(/Nome completo/);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Dados pessoais' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(name).toHaveFocus());
    await waitFor(() => expect(scrolled.some((el) => el === name || el.contains(name))).toBe(true));
    expect(update).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Certifique-se de que todos os campos estão preenchidos.');
  });

  it("a form-level rule's error (react-admin keeps it as {message, args} on the field) is named in the notice, not the generic one", async () => {
    const update = vi.fn();
    // as the user form's rules answer (translatedErrors): field → `errors.{code}`
    const validate = (values: Record<string, unknown>) => (String(values.register ?? '').startsWith('X') ? { register: 'errors.invalid_document' } : {});
    const form = (
      <EditorTabbedForm validate={validate}>
        <EditorTabbedForm.Tab label="resources.users.tabs.personal">
          <TextInput source="register" />
        </EditorTabbedForm.Tab>
        <EditorTabbedForm.Tab label="resources.users.tabs.organisation" path="organisation">
          <TextInput source="email" />
        </EditorTabbedForm.Tab>
      </EditorTabbedForm>
    );
    renderAt('/users/7', form, update as never);
    await userEvent.type(await screen.findByLabelText(/Matrícula|Register/), 'X1');
    await userEvent.click(screen.getByRole('tab', { name: 'Dados da organização' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Dados pessoais' })).toHaveAttribute('aria-selected', 'true'));
    expect(update).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Documento inválido');
  });

  it('a single-section form focuses the first invalid field in the order of the form, whatever order the server names them in', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(400, {
        detail: 'bad', code: 'invalid_document', fields: { register: 'register_not_unique', email: 'invalid_email' },
      });
    });
    renderAt('/users/7', (
      <EditorForm>
        <TextInput source="email" />
        <TextInput source="register" />
      </EditorForm>
    ), update as never);
    const email = await screen.findByDisplayValue('ana@acme.com');
    await userEvent.type(email, 'x');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(await screen.findByRole('alert')).toHaveTextContent('Endereço de e-mail inválido');
  });
});
