import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';

/** A named-item resource (branch types, size types, regionals) with `rows`; getOne answers `one`. */
export function namedItemProvider(rows: object[], one: object, overrides: Partial<DataProvider> = {}) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  const getOne = vi.fn(async () => ({ data: one }));
  const dataProvider = testDataProvider({ getList, getOne, ...overrides } as unknown as Partial<DataProvider>);
  return { dataProvider, getList, getOne };
}

/** The shared named-item form's name field. */
export const nameInput = () => screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
