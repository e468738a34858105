import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, SaveButton, testDataProvider } from 'react-admin';
import { AltTextsInput, altTextsFromList } from './AltTextsInput.tsx';
import { i18n } from '../../test/fixtures.ts';

function renderAltTexts(record: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, ...record }} onSubmit={onSubmit}>
        <AltTextsInput />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return { onSubmit };
}

describe('AltTextsInput (spec 2 §3.1 alt texts, §9 max 170)', () => {
  it('has one field per content language with a counter', async () => {
    renderAltTexts({ group_training_image_alt_texts: { 'pt-br': 'Sala de aula' } });
    const pt = await screen.findByRole('textbox', { name: 'Texto alternativo — Português (Brasil)' });
    expect(pt).toHaveValue('Sala de aula');
    for (const language of ['Inglês', 'Espanhol', 'Francês']) {
      expect(screen.getByRole('textbox', { name: `Texto alternativo — ${language}` })).toHaveValue('');
    }
    expect(screen.getByText('12/170')).toBeInTheDocument();
    await userEvent.type(pt, '!');
    expect(screen.getByText('13/170')).toBeInTheDocument();
  });

  it('refuses more than 170 characters, saving an object keyed by language', async () => {
    const { onSubmit } = renderAltTexts();
    const en = await screen.findByRole('textbox', { name: 'Texto alternativo — Inglês' });
    fireEvent.change(en, { target: { value: 'a'.repeat(171) } });
    expect(screen.getByText('171/170')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/no máximo 170/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(en, { target: { value: 'Classroom' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].group_training_image_alt_texts).toEqual({ 'en-us': 'Classroom' });
  });

  it('reads the list shape of a record (language code or id)', () => {
    expect(altTextsFromList([{ language: 'pt-br', alt_text: 'Sala' }, { language: 4, alt_text: 'Salle' }, { language: 'xx', alt_text: '?' }]))
      .toEqual({ 'pt-br': 'Sala', 'fr-fr': 'Salle' });
  });
});
