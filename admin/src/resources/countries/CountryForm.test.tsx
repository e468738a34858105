import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type SessionUser } from '@lp/shared/contract';
import { ALL_PERMISSION_SLUGS } from '@lp/shared/rules';
import countries from './index.ts';
import { toHttpError } from '../../dataProvider.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderResourceAt } from '../../test/resourceRoutes.tsx';
import { adminWith } from '../../test/userFixtures.ts';

const RESOURCE = ADMIN_RESOURCES.countries.name;
const brazil = { id: 1, name: 'Brasil', code: 'BRA', created_at: '2026-11-01T10:00:00Z' };

const SUPERUSER = sessionUser({ is_superuser: true });
/** An administrator granted every module item, `configuration` included, but not a superuser. */
const ADMIN = adminWith([...ALL_PERMISSION_SLUGS, 'configuration']);

function provider(overrides: Partial<DataProvider> = {}) {
  const getOne = vi.fn(async () => ({ data: brazil }));
  const getList = vi.fn(async () => ({ data: [brazil], total: 1 }));
  const dataProvider = testDataProvider({ getOne, getList, ...overrides } as unknown as Partial<DataProvider>);
  return { dataProvider, getOne, getList };
}

/** The countries resource as App.tsx registers it (lazy views behind the title guard). */
const renderAt = (path: string, user: SessionUser, dataProvider: DataProvider) =>
  renderResourceAt(countries, RESOURCE, path, user, dataProvider);

const nameInput = () => screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
const codeInput = () => screen.getByRole('textbox', { name: /^Código \(ISO alfa-3\)/ });

describe('countries (superuser only, spec 1 §6.1)', () => {
  it.each([
    ['list', `/${RESOURCE}`],
    ['create', `/${RESOURCE}/create`],
    ['edit', `/${RESOURCE}/1`],
  ])('sends a non-superuser administrator home from the %s screen, even with every module item', async (_view, path) => {
    const { dataProvider, getOne, getList } = provider();
    renderAt(path, ADMIN, dataProvider);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(await screen.findByText('Apenas superusuários podem acessar esta página')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Nome/ })).not.toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
    expect(getList).not.toHaveBeenCalled();
  });

  it('lets a superuser edit a country and sends name and upper-cased code', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...brazil, ...params.data } }));
    const { dataProvider } = provider({ update } as Partial<DataProvider>);
    renderAt(`/${RESOURCE}/1`, SUPERUSER, dataProvider);
    const name = await nameInput();
    await vi.waitFor(() => expect(name).toHaveValue('Brasil'));
    await userEvent.clear(name);
    await userEvent.type(name, 'República Federativa do Brasil');
    await userEvent.clear(codeInput());
    await userEvent.type(codeInput(), 'bra');
    expect(codeInput()).toHaveValue('BRA');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(
      RESOURCE,
      expect.objectContaining({ id: '1', data: expect.objectContaining({ name: 'República Federativa do Brasil', code: 'BRA' }) }),
    );
  });

  it('lists countries for a superuser', async () => {
    const { dataProvider, getList } = provider();
    renderAt(`/${RESOURCE}`, SUPERUSER, dataProvider);
    const row = (await screen.findByText('Brasil')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('BRA');
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.anything());
  });
});

describe('CountryForm', () => {
  it('creates a country with the ISO alpha-3 code in capitals and its document mask off unless turned on (spec 1 §5.2)', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 5, ...params.data } }));
    renderAt(`/${RESOURCE}/create`, SUPERUSER, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Uruguai');
    await userEvent.type(codeInput(), 'ury');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Uruguai', code: 'URY', use_document_mask: false } }));
  });

  it('turns the document mask on', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 5, ...params.data } }));
    renderAt(`/${RESOURCE}/create`, SUPERUSER, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Chile');
    await userEvent.type(codeInput(), 'chl');
    await userEvent.click(screen.getByLabelText('Usar a máscara do documento'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({
      data: { name: 'Chile', code: 'CHL', use_document_mask: true },
    })));
  });

  it('refuses a code that is not three letters', async () => {
    const create = vi.fn();
    renderAt(`/${RESOURCE}/create`, SUPERUSER, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await nameInput(), 'Uruguai');
    await userEvent.type(codeInput(), 'ur');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Deve ter pelo menos 3 caracteres')).toBeInTheDocument();
    await userEvent.clear(codeInput());
    await userEvent.type(codeInput(), 'u1y');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(codeInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(codeInput()).toHaveAccessibleDescription('Três letras, ex.: BRA, ARG, URY');
    expect(create).not.toHaveBeenCalled();
  });

  it('shows name_not_unique on the name field and keeps the input', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'name_not_unique' });
    });
    renderAt(`/${RESOURCE}/create`, SUPERUSER, provider({ create } as Partial<DataProvider>).dataProvider);
    const name = await nameInput();
    await userEvent.type(name, 'Brasil');
    await userEvent.type(codeInput(), 'BRA');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Já existe um registro com este nome')));
    expect(name).toHaveValue('Brasil');
    expect(codeInput()).toHaveValue('BRA');
  });
});
