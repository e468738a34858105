import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import branchSizeTypes from './index.ts';
import { nameInput, namedItemProvider } from '../../test/namedItemFixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.branch_size_types.name;
const large = { id: 6, name: 'Grande', created_at: '2026-11-01T10:00:00Z' };
/** Size types open with the `branch` module item (spec 1 §2.3). */
const BRANCH_ADMIN = adminWith(['branch']);

function provider(overrides: Partial<DataProvider> = {}) {
  return namedItemProvider([large], large, overrides);
}

describe('branch size types', () => {
  it('lists the size types of the branch-size-types resource', async () => {
    const { dataProvider, getList } = provider();
    renderResourceAt(branchSizeTypes, RESOURCE, `/${RESOURCE}`, BRANCH_ADMIN, dataProvider);
    expect(await screen.findByText('Grande')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.anything());
  });

  it('denies the create screen without the branch item', async () => {
    const create = vi.fn();
    renderResourceAt(branchSizeTypes, RESOURCE, `/${RESOURCE}/create`, sessionUser(), provider({ create } as Partial<DataProvider>).dataProvider);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('creates a size type by name', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 7, ...params.data } }));
    renderResourceAt(branchSizeTypes, RESOURCE, `/${RESOURCE}/create`, BRANCH_ADMIN, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Médio');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Médio' } }));
  });

  it('deletes a size type only after the confirmation', async () => {
    const remove = vi.fn(async () => ({ data: large }));
    renderResourceAt(branchSizeTypes, RESOURCE, `/${RESOURCE}/6`, BRANCH_ADMIN, provider({ delete: remove } as Partial<DataProvider>).dataProvider);
    await vi.waitFor(async () => expect(await nameInput()).toHaveValue('Grande'));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ id: 6 }));
  });
});
