import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, testDataProvider } from 'react-admin';
import { apiClient } from '../../apiClient.ts';
import { OwnersInput, type Owner } from './OwnersInput.tsx';
import { findMatch } from './highlightMatch.tsx';
import { i18n } from '../../test/fixtures.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
const json = vi.mocked(apiClient.json);

const OLGA: Owner = { id: 3, full_name: 'Olga Owner', email: 'olga@demo.local' };
const found = (n: number): Owner[] =>
  Array.from({ length: n }, (_, i) => ({ id: 100 + i, full_name: `João Silva ${i + 1}`, email: `joao${i + 1}@demo.local` }));

function Value() {
  const value = useWatch({ name: 'owners' }) as unknown;
  return <output aria-label="owners value">{JSON.stringify(value ?? null)}</output>;
}
const value = () => JSON.parse(screen.getByRole('status', { name: 'owners value' }).textContent ?? 'null') as unknown;

function renderOwners(record: Record<string, unknown>, initialOwners?: Owner[]) {
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, ...record }}>
        <OwnersInput initialOwners={initialOwners} />
        <Value />
      </Form>
    </AdminContext>,
  );
  return screen.findByRole('combobox', { name: 'Responsáveis' });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OwnersInput (spec 2 §2.3 owners, §5.11 search)', () => {
  beforeEach(() => {
    json.mockReset();
  });

  it("starts with the record's owners_list as chips; the value is their ids", async () => {
    await renderOwners({ owners_list: [OLGA] });
    expect(await screen.findByRole('button', { name: 'Olga Owner' })).toBeInTheDocument();
    expect(value()).toEqual([3]);
  });

  it('takes the initial chips from initialOwners too', async () => {
    await renderOwners({ owners: [3] }, [OLGA]);
    expect(await screen.findByRole('button', { name: 'Olga Owner' })).toBeInTheDocument();
    expect(value()).toEqual([3]);
  });

  it('does not search under 3 characters', async () => {
    const input = await renderOwners({});
    await userEvent.type(input, 'Jo');
    await pause(450);
    expect(json).not.toHaveBeenCalled();
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeInTheDocument();
  });

  it('searches only after a 300 ms pause, with the whole text', async () => {
    json.mockResolvedValue(found(2));
    const input = await renderOwners({});
    vi.useFakeTimers();
    try {
      for (const text of ['s', 'si', 'sil', 'silv', 'silva']) {
        fireEvent.change(input, { target: { value: text } });
        await act(async () => { vi.advanceTimersByTime(200); });
      }
      expect(json).not.toHaveBeenCalled();
      await act(async () => { vi.advanceTimersByTime(100); });
      expect(json).toHaveBeenCalledTimes(1);
      expect(json).toHaveBeenCalledWith('/accounts/get_owners/?search=silva');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows at most 25 results with full name, e-mail and the match underlined, and adds a chip', async () => {
    json.mockResolvedValue(found(30));
    const input = await renderOwners({ owners_list: [OLGA] });
    await userEvent.click(input);
    await userEvent.paste('silva');
    const listbox = await screen.findByRole('listbox');
    const options = await within(listbox).findAllByRole('option');
    expect(options).toHaveLength(25);
    expect(json).toHaveBeenCalledWith('/accounts/get_owners/?search=silva');

    const first = options[0]!;
    expect(first).toHaveTextContent('João Silva 1');
    expect(first).toHaveTextContent('joao1@demo.local');
    expect(within(first).getByText('Silva', { selector: 'u' })).toBeInTheDocument();

    await userEvent.click(first);
    expect(await screen.findByRole('button', { name: 'João Silva 1' })).toBeInTheDocument();
    expect(value()).toEqual([3, 100]);
  });

  it('removes an owner with the chip delete icon', async () => {
    await renderOwners({ owners_list: [OLGA, { id: 4, full_name: 'Paulo Owner', email: 'paulo@demo.local' }] });
    const chip = await screen.findByRole('button', { name: 'Olga Owner' });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    expect(screen.queryByRole('button', { name: 'Olga Owner' })).not.toBeInTheDocument();
    expect(value()).toEqual([4]);
  });

  it('finds matches regardless of case and accents', () => {
    expect(findMatch('João Silva', 'joao')).toEqual([0, 4]);
    expect(findMatch('Maria', 'RIA')).toEqual([2, 5]);
    expect(findMatch('Maria', 'xyz')).toBeNull();
    expect(findMatch('Joa\u0303o', 'joã')).toEqual([0, 4]);
  });
});
