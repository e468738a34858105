import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, Form, testDataProvider } from 'react-admin';
import { MultiSelect, countSelectedInOptions } from './MultiSelect.tsx';
import { i18n } from '../../test/fixtures.ts';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Opção ${i + 1}` }));

function renderSelect(choices: { id: number; name: string }[], value: number[]) {
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, areas: value }}>
        <MultiSelect source="areas" label="Áreas" choices={choices} translateChoice={false} />
      </Form>
    </AdminContext>,
  );
  return screen.findByRole('combobox', { name: 'Áreas' });
}

describe('MultiSelect (spec 2 §9 multi-select)', () => {
  it('shows chips while there are at most 14 options', async () => {
    const select = await renderSelect(options(14), [2, 5]);
    expect(select).toHaveTextContent('Opção 2Opção 5');
    expect(screen.queryByText(/selecionados?$/)).not.toBeInTheDocument();
  });

  it("with 15 or more options shows '{n} itens selecionados', counting only selections among the options", async () => {
    const select = await renderSelect(options(15), [1, 2, 3, 99]);
    expect(select).toHaveTextContent('3 itens selecionados');
    expect(select).not.toHaveTextContent('Opção 1');
  });

  it('says 1 item in the singular', async () => {
    const select = await renderSelect(options(20), [7]);
    expect(select).toHaveTextContent('1 item selecionado');
  });

  it('counts distinct selections present in the options', () => {
    expect(countSelectedInOptions([1, '2', 2, 40], options(15))).toBe(2);
    expect(countSelectedInOptions(null, options(15))).toBe(0);
  });
});
