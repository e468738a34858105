import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18n } from '../../test/fixtures.ts';
import { SortableList, arrayMove, dropMove } from './index.ts';

/**
 * jsdom lays nothing out: each row of the list stands 60 px below the one before, so the keyboard
 * sensor's "next row down" is the next row, as in a browser.
 */
function layOutRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) } as DOMRect;
  });
}

function Fruits({ onMove }: { onMove?: (from: number, to: number) => void }) {
  const [items, setItems] = useState([{ id: 11, name: 'Apple' }, { id: 12, name: 'Banana' }, { id: 13, name: 'Cherry' }]);
  return (
    <AdminContext i18nProvider={i18n()}>
      <SortableList
        aria-label="Fruits"
        items={items}
        getKey={(item) => item.id}
        getLabel={(item) => item.name}
        onMove={(from, to) => { onMove?.(from, to); setItems((current) => arrayMove(current, from, to)); }}
        renderItem={(item) => <span>{item.name}</span>}
      />
    </AdminContext>
  );
}

const order = () => within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem').map((li) => li.textContent);

/** One key of the keyboard sensor, then the frame it waits for. */
async function press(handle: HTMLElement, code: string) {
  fireEvent.keyDown(handle, { code, key: code });
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
}

describe('SortableList (docs/admin.md "Ordered lists")', () => {
  let rects: ReturnType<typeof layOutRows>;
  beforeEach(() => { rects = layOutRows(); });
  afterEach(() => { rects.mockRestore(); });

  it('gives each row a drag handle named after its item, described by the keyboard instructions', () => {
    render(<Fruits />);
    const handle = screen.getByRole('button', { name: 'Arrastar para reordenar: Banana' });
    expect(handle).toHaveAttribute('aria-roledescription', 'item reordenável');
    const describedBy = handle.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toMatch(/^Para pegar um item, pressione espaço ou enter/);
    expect(order()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('moves a row with the keyboard: space picks it up, an arrow moves it, space drops it, and the move is announced', async () => {
    const onMove = vi.fn();
    render(<Fruits onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Arrastar para reordenar: Apple' });
    handle.focus();
    await press(handle, 'Space');
    expect(await screen.findByText('Apple pego, na posição 1 de 3.')).toBeInTheDocument();
    await press(handle, 'ArrowDown');
    expect(await screen.findByText('Apple movido para a posição 2 de 3.')).toBeInTheDocument();
    await press(handle, 'Space');
    expect(onMove).toHaveBeenCalledWith(0, 1);
    expect(order()).toEqual(['Banana', 'Apple', 'Cherry']);
  });

  it('puts a row back where it was when the move is canceled with escape', async () => {
    const onMove = vi.fn();
    render(<Fruits onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Arrastar para reordenar: Cherry' });
    handle.focus();
    await press(handle, 'Space');
    await press(handle, 'ArrowUp');
    await press(handle, 'Escape');
    expect(await screen.findByText('Reordenação cancelada: Cherry voltou ao seu lugar.')).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
    expect(order()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('asks for a move only when a row lands on another row of the list', () => {
    expect(dropMove([1, 2, 3], 1, 3)).toEqual({ from: 0, to: 2 });
    expect(dropMove([1, 2, 3], 3, 1)).toEqual({ from: 2, to: 0 });
    expect(dropMove([1, 2, 3], 2, 2)).toBeNull();
    expect(dropMove([1, 2, 3], 2, null)).toBeNull();
    expect(dropMove([1, 2, 3], 2, 9)).toBeNull();
  });
});
