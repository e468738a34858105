import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, NumberInput, ResourceContextProvider, TextField, TextInput, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n } from '../../test/fixtures.ts';
import { referenceScreens, type ReferenceShape } from './referenceScreens.tsx';

const named: ReferenceShape = {
  columns: () => [<TextField key="name" source="name" />],
  inputs: () => [<TextInput key="name" source="name" />],
  body: ['name'],
  sortField: 'name',
};
const seats: ReferenceShape = {
  columns: () => [<TextField key="quarter" source="quarter" />],
  inputs: () => [<TextInput key="quarter" source="quarter" />, <NumberInput key="planned" source="planned" />],
  body: ['quarter', 'planned'],
  sortField: 'id',
  sortOrder: 'DESC',
};
const { ReferenceList, ReferenceEdit } = referenceScreens({ seats }, named);

function renderAt(resource: string, path: string, provider: ReturnType<typeof testDataProvider>) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={provider} i18nProvider={i18n()}>
        <ResourceContextProvider value={resource}>
          <Routes>
            <Route path={`/${resource}`} element={<ReferenceList />} />
            <Route path={`/${resource}/:id`} element={<ReferenceEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('referenceScreens', () => {
  it('lists each resource with its own columns and order', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 3, quarter: '4/2026' }], total: 1 }));
    renderAt('seats', '/seats', testDataProvider({ getList: getList as never }));
    expect(await screen.findByText('4/2026')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('seats', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });

  it('creates at id 0 sending only the shape\'s fields, the blank ones left out', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { id: 9, ...params.data } }));
    renderAt('seats', '/seats/0', testDataProvider({ create: create as never, getList: async () => ({ data: [], total: 0 }) as never }));
    await userEvent.type(await screen.findByRole('textbox', { name: /quarter/i }), '1/2027');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({ quarter: '1/2027' });
  });

  it('draws a resource it does not name with the fallback shape', async () => {
    renderAt('brands', '/brands', testDataProvider({ getList: async () => ({ data: [{ id: 1, name: 'Acme' }], total: 1 }) as never }));
    expect(await screen.findByText('Acme')).toBeInTheDocument();
  });
});
