import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, testDataProvider, type DataProvider } from 'react-admin';
import { AUDIENCE_FIELDS, AudienceInputs, keepChosen } from './AudienceInputs.tsx';
import { ContractHttpProvider } from '../http/index.ts';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';

const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `${prefix} ${i + 1}` }));

function provider(areaCount = 3): DataProvider {
  const lookups: Record<string, { id: number; name: string }[]> = {
    lookup_areas: named('Área', areaCount),
    lookup_profiles: [{ id: 1, name: 'Gerente' }, { id: 2, name: 'Vendedor' }],
    lookup_user_groups: [{ id: 5, name: 'Novatos' }],
  };
  return testDataProvider({
    getList: async (resource) => ({ data: lookups[resource] ?? [], total: lookups[resource]?.length ?? 0 }) as never,
  });
}

function Values() {
  const values = useWatch({ name: Object.values(AUDIENCE_FIELDS) }) as unknown[];
  return (
    <output aria-label="form values">
      {JSON.stringify(Object.fromEntries(Object.values(AUDIENCE_FIELDS).map((f, i) => [f, values[i] ?? null])))}
    </output>
  );
}
const values = () => JSON.parse(screen.getByRole('status', { name: 'form values' }).textContent ?? '{}') as Record<string, unknown>;

function renderAudience(record: Record<string, unknown>, useSubscription = true, areaCount = 3) {
  render(
    <AdminContext dataProvider={provider(areaCount)} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(async () => ({ count: 0, sample: [] }))}>
        <Form record={{ id: 1, ...record }}>
          <AudienceInputs useSubscription={useSubscription} />
          <Values />
        </Form>
      </ContractHttpProvider>
    </AdminContext>,
  );
}

describe('AudienceInputs (spec 2 §2.3 permissions sub-tab, §5.1)', () => {
  it("'select all areas' chooses every area, and unticking clears them", async () => {
    renderAudience({ areas: [] });
    const all = await screen.findByRole('checkbox', { name: 'Selecionar todas as áreas' });
    await waitFor(() => expect(all).toBeEnabled());
    await userEvent.click(all);
    expect(values().areas).toEqual([1, 2, 3]);
    expect(screen.getByRole('combobox', { name: 'Áreas' })).toHaveTextContent('Área 1Área 2Área 3');
    await userEvent.click(all);
    expect(values().areas).toEqual([]);
  });

  it("profiles have one checkbox each and an 'all' checkbox", async () => {
    renderAudience({ profiles: [2] });
    expect(await screen.findByRole('checkbox', { name: 'Vendedor' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Gerente' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Todos os perfis' }));
    expect(values().profiles).toEqual([1, 2]);
    expect(screen.getByRole('checkbox', { name: 'Gerente' })).toBeChecked();
  });

  it('mandatory lists offer only the chosen ones and drop what is unticked', async () => {
    renderAudience({ areas: [1, 2], mandatory_areas: [1, 2], profiles: [1, 2], mandatory_profiles: [1, 2] });
    const mandatoryAreas = await screen.findByRole('combobox', { name: 'Áreas obrigatórias' });
    await userEvent.click(mandatoryAreas);
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Área 1', 'Área 2']);
    await userEvent.keyboard('{Escape}');

    // untick area 2 in the areas select
    await userEvent.click(screen.getByRole('combobox', { name: 'Áreas' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Área 2' }));
    await userEvent.keyboard('{Escape}');
    expect(values().areas).toEqual([1]);
    expect(values().mandatory_areas).toEqual([1]);

    // untick a profile
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gerente' }));
    expect(values().profiles).toEqual([2]);
    expect(values().mandatory_profiles).toEqual([2]);
  });

  it('hides the mandatory lists without training subscription; user groups are a multi-select', async () => {
    renderAudience({ user_groups: [5] }, false);
    expect(await screen.findByRole('combobox', { name: 'Grupos de usuários' })).toHaveTextContent('Novatos');
    expect(screen.queryByRole('combobox', { name: 'Áreas obrigatórias' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Perfis obrigatórios' })).not.toBeInTheDocument();
  });

  it("shows '{n} itens selecionados' for areas once there are 15 or more", async () => {
    renderAudience({ areas: [1, 2, 3, 77] }, false, 20);
    const areas = await screen.findByRole('combobox', { name: 'Áreas' });
    await waitFor(() => expect(areas).toHaveTextContent('3 itens selecionados'));
  });

  it('keepChosen keeps the subset', () => {
    expect(keepChosen([1, 2, 3], [3, 1])).toEqual([1, 3]);
    expect(keepChosen([1, '2'], ['2'])).toEqual(['2']);
    expect(keepChosen([1], null)).toEqual([]);
  });
});
