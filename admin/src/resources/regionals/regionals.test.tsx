import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import regionals from './index.ts';
import { toHttpError } from '../../dataProvider.ts';
import { nameInput, namedItemProvider } from '../../test/namedItemFixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.regionals.name;
const rows = [
  { id: 1, name: 'Regional Norte', created_at: '2026-11-01T10:00:00Z' },
  { id: 2, name: 'Regional Sul', created_at: '2026-11-02T10:00:00Z' },
];
/** Regionals open with the `branch` module item (spec 1 §2.3). */
const BRANCH_ADMIN = adminWith(['branch']);

function provider(overrides: Partial<DataProvider> = {}) {
  return namedItemProvider(rows, rows[1]!, overrides);
}

describe('regionals', () => {
  it('lists the client\'s regionals for an administrator with the branch item', async () => {
    const { dataProvider, getList } = provider();
    renderResourceAt(regionals, RESOURCE, `/${RESOURCE}`, BRANCH_ADMIN, dataProvider);
    const row = (await screen.findByText('Regional Sul')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Regional Norte')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }));
    expect(screen.getByText('Exibindo 1 a 2 de 2 registros')).toBeInTheDocument();
  });

  it('denies the screen without the branch item and reads nothing', async () => {
    const { dataProvider, getList } = provider();
    renderResourceAt(regionals, RESOURCE, `/${RESOURCE}`, adminWith(['headquarter', 'users']), dataProvider);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(screen.queryByText('Regional Sul')).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });

  it('creates a regional by name', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 3, ...params.data } }));
    renderResourceAt(regionals, RESOURCE, `/${RESOURCE}/create`, BRANCH_ADMIN, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Regional Centro-Oeste');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Regional Centro-Oeste' } }));
  });

  it('refuses a name longer than 150 characters', async () => {
    const create = vi.fn();
    renderResourceAt(regionals, RESOURCE, `/${RESOURCE}/create`, BRANCH_ADMIN, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.click(await nameInput());
    await userEvent.paste('R'.repeat(151));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Deve ter no máximo 150 caracteres')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows name_not_unique on the name field when renaming and keeps the input', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'name_not_unique' });
    });
    renderResourceAt(regionals, RESOURCE, `/${RESOURCE}/2`, BRANCH_ADMIN, provider({ update } as Partial<DataProvider>).dataProvider);
    const name = await nameInput();
    await vi.waitFor(() => expect(name).toHaveValue('Regional Sul'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Regional Norte');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ id: '2', data: expect.objectContaining({ name: 'Regional Norte' }) }));
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Já existe um registro com este nome')));
    expect(name).toHaveValue('Regional Norte');
  });
});
