import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { MultiSelect } from './index.tsx';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Area ${i + 1}` }));
const summary = () => document.querySelector('summary')!;

describe('MultiSelect (spec 1 §9 multi-select filters)', () => {
  it('shows removable chips with 14 options or fewer', async () => {
    const onChange = vi.fn();
    await renderWithApp(<MultiSelect label="Areas" options={options(14)} selected={[2, 3]} onChange={onChange} />, { locale: 'en' });
    expect(summary()).toHaveTextContent('Areas: Area 2, Area 3');
    expect(screen.getByRole('list', { name: 'Areas' })).toHaveTextContent('Area 2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Area 2' }));
    expect(onChange).toHaveBeenCalledWith([3]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Area 9' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 3, 9]);
  });

  it('from 15 options reads "{n} items selected", counting only selections among the options', async () => {
    await renderWithApp(<MultiSelect label="Areas" options={options(15)} selected={[1, 2, 99]} onChange={() => undefined} />, { locale: 'en' });
    expect(summary()).toHaveTextContent('Areas: 2 items selected');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('in pt-br says "1 item selecionado", "2 itens selecionados" (plural rules, issue #25 item 4)', async () => {
    const { unmount } = await renderWithApp(<MultiSelect label="Áreas" options={options(20)} selected={[4]} onChange={() => undefined} />);
    expect(summary()).toHaveTextContent('1 item selecionado');
    unmount();
    await renderWithApp(<MultiSelect label="Áreas" options={options(20)} selected={[4, 5]} onChange={() => undefined} />);
    expect(summary()).toHaveTextContent('2 itens selecionados');
  });
});
