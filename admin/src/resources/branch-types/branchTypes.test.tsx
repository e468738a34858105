import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import branchTypes from './index.ts';
import { nameInput, namedItemProvider } from '../../test/namedItemFixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.branch_types.name;
const street = { id: 4, name: 'Loja de rua', created_at: '2026-11-01T10:00:00Z' };
/** Branch types open with the `branch` module item (spec 1 §2.3). */
const BRANCH_ADMIN = adminWith(['branch']);

function provider(overrides: Partial<DataProvider> = {}) {
  return namedItemProvider([street], street, overrides);
}

describe('branch types', () => {
  it('lists the branch types of the branch-types resource', async () => {
    const { dataProvider, getList } = provider();
    renderResourceAt(branchTypes, RESOURCE, `/${RESOURCE}`, BRANCH_ADMIN, dataProvider);
    expect(await screen.findByText('Loja de rua')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.anything());
  });

  it('denies the edit screen without the branch item and reads nothing', async () => {
    const { dataProvider, getOne } = provider();
    renderResourceAt(branchTypes, RESOURCE, `/${RESOURCE}/4`, adminWith(['headquarter']), dataProvider);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
  });

  it('creates a branch type by name', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 5, ...params.data } }));
    renderResourceAt(branchTypes, RESOURCE, `/${RESOURCE}/create`, BRANCH_ADMIN, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Quiosque');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Quiosque' } }));
  });

  it('renames a branch type', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...street, ...params.data } }));
    renderResourceAt(branchTypes, RESOURCE, `/${RESOURCE}/4`, BRANCH_ADMIN, provider({ update } as Partial<DataProvider>).dataProvider);
    const name = await nameInput();
    await vi.waitFor(() => expect(name).toHaveValue('Loja de rua'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Loja de rua (centro)');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ id: '4', data: expect.objectContaining({ name: 'Loja de rua (centro)' }) }));
  });
});
