import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import importCodes from './index.ts';
import { toHttpError } from '../../dataProvider.ts';
import { namedItemProvider } from '../../test/namedItemFixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.import_codes.name;
const rows = [
  { id: 1, code: 'LOJAS-NORTE', description: 'Northern stores', created_at: '2026-11-01T10:00:00Z' },
  { id: 2, code: 'LOJAS-SUL', description: '', created_at: '2026-11-02T10:00:00Z' },
];
const SUPERUSER = adminWith([], { is_superuser: true });
const codeInput = () => screen.findByRole('textbox', { name: /^Código\s*\*?$/ });

describe('import codes (spec 1 §2.3 import-code, superuser only)', () => {
  it('lists the client\'s codes, ordered by code', async () => {
    const { dataProvider, getList } = namedItemProvider(rows, rows[0]!);
    renderResourceAt(importCodes, RESOURCE, `/${RESOURCE}`, SUPERUSER, dataProvider);
    const row = (await screen.findByText('LOJAS-NORTE')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Northern stores')).toBeInTheDocument();
    expect(screen.getByText('LOJAS-SUL')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ sort: { field: 'code', order: 'ASC' } }));
  });

  it('is refused to an administrator who is not a superuser, even with every other item', async () => {
    const { dataProvider, getList } = namedItemProvider(rows, rows[0]!);
    renderResourceAt(importCodes, RESOURCE, `/${RESOURCE}`, adminWith(['users', 'headquarter', 'import_code']), dataProvider);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('LOJAS-NORTE')).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });

  it('creates a code with its description, and refuses a malformed one before sending', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 3, ...params.data } }));
    renderResourceAt(importCodes, RESOURCE, `/${RESOURCE}/create`, SUPERUSER, namedItemProvider(rows, rows[0]!, { create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await codeInput(), 'a b');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Código de importação inválido.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.clear(await codeInput());
    await userEvent.type(await codeInput(), 'REDE-CENTRO');
    await userEvent.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Central network');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { code: 'REDE-CENTRO', description: 'Central network' } }));
  });

  it('shows import_code_not_unique on the code field and keeps the input', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(409, { detail: 'taken', code: 'import_code_not_unique', fields: { code: 'import_code_not_unique' } });
    });
    renderResourceAt(importCodes, RESOURCE, `/${RESOURCE}/2`, SUPERUSER, namedItemProvider(rows, rows[1]!, { update } as Partial<DataProvider>).dataProvider);
    const code = await codeInput();
    await vi.waitFor(() => expect(code).toHaveValue('LOJAS-SUL'));
    await userEvent.clear(code);
    await userEvent.type(code, 'LOJAS-NORTE');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('Este código de importação já está em uso')));
    expect(code).toHaveValue('LOJAS-NORTE');
  });
});
